import { useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Book } from '@bookshop/contracts/catalogue';
import { bookPath } from '@bookshop/contracts/routes';
import { isCustomer, useCurrentUser } from '../features/auth/session/session-store.ts';
import { useAddToCart } from '../features/cart/api/add-to-cart.ts';
import { guestCart } from '../features/cart/guest-cart.ts';
import { shortLinkQueryOptions } from '../features/links/api/create-short-link.ts';
import { useAskStockAlert } from '../features/stock-alerts/api/ask-stock-alert.ts';
import { useStockAlerts } from '../features/stock-alerts/api/get-stock-alerts.ts';
import { useAddToWishlist } from '../features/wishlist/api/add-to-wishlist.ts';
import { useWishlistIds } from '../features/wishlist/api/get-wishlist-ids.ts';
import { BookActionsProvider, type BookActions } from '../lib/book-actions.tsx';
import { useLocale } from '../lib/i18n/i18n.tsx';
import { localisedPath } from '../lib/i18n/locale.ts';

/*
 * What the catalogue's buttons do, composed here because features do not import each other.
 * A logged-in customer uses the server cart and wishlist; anyone else the cart kept in this
 * browser (login merges it, decision 010) and is offered the login for the wishlist (spec 6).
 */

/** Adds to the cart kept in this browser; a sold-out book or full line rejects (the card shows the failure). */
const addToGuestCart = (book: Book) =>
  new Promise<void>((resolve) => {
    guestCart.add(book);
    resolve();
  });

const guestBookActions: Omit<BookActions, 'shortLink'> = {
  addToCart: addToGuestCart,
  wishlistStatus: () => 'guest',
  addToWishlist: () => Promise.reject(new Error('Log in to keep a wishlist.')),
};

export function AppBookActionsProvider({ children }: { children: ReactNode }) {
  const customer = isCustomer(useCurrentUser());
  // Spec section 4: the wishlist's book ids are fetched when logged in ('Already Added').
  const { data: wishlist } = useWishlistIds({ enabled: customer });
  const { mutateAsync: addToServerCart } = useAddToCart();
  const { mutateAsync: addToServerWishlist } = useAddToWishlist();
  const { mutateAsync: askServerStockAlert } = useAskStockAlert();
  // The customer's alerts matter only on a sold-out book's page: fetched once its button asks.
  const [alertsWanted, setAlertsWanted] = useState(false);
  const { data: alerts, isError: alertsUnknown } = useStockAlerts({ enabled: customer && alertsWanted });
  const queryClient = useQueryClient();
  const locale = useLocale();

  const actions = useMemo<BookActions>(() => {
    // Anyone may share; the book's canonical path in the page's language, so every visitor's Share
    // gives one link per language and an Arabic page's link opens the Arabic page.
    const shortLink = async (book: Book) =>
      (await queryClient.fetchQuery(shortLinkQueryOptions(localisedPath(bookPath(book.title), locale)))).shortUrl;
    if (!customer) return { ...guestBookActions, shortLink };
    const ids = new Set(wishlist?.booksIds);
    // Alerts that could not be read leave the button as it was before they existed.
    const alerted = alertsUnknown ? new Set<number>() : alerts && new Set(alerts.map((alert) => alert.bookId));
    return {
      shortLink,
      addToCart: async (book) => {
        await addToServerCart(book.id);
      },
      wishlistStatus: (bookId) => (ids.has(bookId) ? 'present' : 'absent'),
      addToWishlist: async (book) => {
        await addToServerWishlist(book.id);
      },
      askStockAlert: async (book) => {
        await askServerStockAlert(book.id);
      },
      stockAlertAsked: (bookId) => alerted?.has(bookId),
      wantStockAlerts: () => setAlertsWanted(true),
    };
  }, [
    customer,
    wishlist,
    alerts,
    alertsUnknown,
    addToServerCart,
    addToServerWishlist,
    askServerStockAlert,
    queryClient,
    locale,
  ]);

  return <BookActionsProvider value={actions}>{children}</BookActionsProvider>;
}
