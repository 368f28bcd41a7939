import { useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Book } from '@bookshop/contracts/catalogue';
import type { WishlistBookIds } from '@bookshop/contracts/wishlist';
import { isCustomer, useCurrentUser } from '../features/auth/session/session-store.ts';
import { guestCart } from '../features/cart/guest-cart.ts';
import { api } from '../lib/api-client.ts';
import { BookActionsProvider, type BookActions } from '../lib/book-actions.tsx';

/*
 * What the catalogue's buttons do, composed here because features do not import each other.
 * The cart lives in this browser until the server cart's pages arrive (login merges it). The
 * wishlist needs a logged-in customer (spec section 6); everyone else is offered the login.
 */
const guestBookActions: BookActions = {
  async addToCart(book: Book) {
    guestCart.add(book);
  },
  wishlistStatus: () => 'guest',
  async addToWishlist() {
    throw new Error('Log in to keep a wishlist.');
  },
};

const wishlistIdsKey = ['wishlist', 'books-ids'] as const;

export function AppBookActionsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const customer = isCustomer(useCurrentUser());
  // Spec section 4: the wishlist's book ids are fetched when logged in ('Already Added').
  const { data } = useQuery({
    queryKey: wishlistIdsKey,
    queryFn: ({ signal }) => api<WishlistBookIds>('v1/wishlist/books-ids', { signal }),
    enabled: customer,
  });

  const actions = useMemo<BookActions>(() => {
    if (!customer) return guestBookActions;
    const ids = new Set(data?.booksIds);
    return {
      addToCart: guestBookActions.addToCart,
      wishlistStatus: (bookId) => (ids.has(bookId) ? 'present' : 'absent'),
      async addToWishlist(book) {
        const result = await api<WishlistBookIds>('v1/wishlist', { method: 'POST', body: { bookId: book.id } });
        queryClient.setQueryData(wishlistIdsKey, result);
      },
    };
  }, [customer, data, queryClient]);

  return <BookActionsProvider value={actions}>{children}</BookActionsProvider>;
}
