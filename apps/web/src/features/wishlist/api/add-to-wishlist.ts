import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WishlistBookIds } from '@bookshop/contracts/wishlist';
import { api } from '../../../lib/api-client.ts';
import { storeWishlistIds } from './get-wishlist-ids.ts';

/** `POST v1/wishlist`: adds a book; one already there changes nothing. */
export function addToWishlist(bookId: number): Promise<WishlistBookIds> {
  return api<WishlistBookIds>('v1/wishlist', { method: 'POST', body: { bookId } });
}

/** Spec section 8: a failed wishlist add is silent. */
export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToWishlist,
    meta: { errorToast: false },
    onSuccess: (ids) => storeWishlistIds(queryClient, ids),
  });
}
