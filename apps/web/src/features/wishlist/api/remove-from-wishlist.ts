import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WishlistBookIds } from '@bookshop/contracts/wishlist';
import { api } from '../../../lib/api-client.ts';
import { storeWishlistIds } from './get-wishlist-ids.ts';

/** `DELETE v1/wishlist/{bookId}`: removes one book. */
export function removeFromWishlist(bookId: number): Promise<WishlistBookIds> {
  return api<WishlistBookIds>(`v1/wishlist/${bookId}`, { method: 'DELETE' });
}

export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWishlist,
    // Stays pending until the list shows the change, so the row does not linger after the spinner.
    onSuccess: (ids) => storeWishlistIds(queryClient, ids),
  });
}
