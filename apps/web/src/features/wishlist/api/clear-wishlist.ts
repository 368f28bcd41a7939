import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WishlistBookIds } from '@bookshop/contracts/wishlist';
import { api } from '../../../lib/api-client.ts';
import { storeWishlistIds } from './get-wishlist-ids.ts';

/** `DELETE v1/wishlist`: empties the wishlist. */
export function clearWishlist(): Promise<WishlistBookIds> {
  return api<WishlistBookIds>('v1/wishlist', { method: 'DELETE' });
}

export function useClearWishlist() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: clearWishlist, onSuccess: (ids) => storeWishlistIds(queryClient, ids) });
}
