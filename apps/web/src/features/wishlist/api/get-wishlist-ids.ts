import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { WishlistBookIds } from '@bookshop/contracts/wishlist';
import { api } from '../../../lib/api-client.ts';

/** Under 'wishlist', so the spec's 1 h cache time applies (app/query-client.ts). */
export const wishlistIdsQueryKey = ['wishlist', 'books-ids'] as const;
export const wishlistBooksQueryKey = ['wishlist', 'books'] as const;

/** `GET v1/wishlist/books-ids`: every wishlisted book id, for the cards' 'Already Added'. */
export function getWishlistIds(signal?: AbortSignal): Promise<WishlistBookIds> {
  return api<WishlistBookIds>('v1/wishlist/books-ids', { signal });
}

export function wishlistIdsQueryOptions() {
  return queryOptions({ queryKey: wishlistIdsQueryKey, queryFn: ({ signal }) => getWishlistIds(signal) });
}

/** Spec section 4: the ids are fetched when logged in; `enabled` is false for everyone else. */
export function useWishlistIds({ enabled }: { enabled: boolean }) {
  return useQuery({ ...wishlistIdsQueryOptions(), enabled });
}

/** Every wishlist change answers the new id set; the paged book list is refetched from it. */
export async function storeWishlistIds(queryClient: QueryClient, ids: WishlistBookIds) {
  queryClient.setQueryData(wishlistIdsQueryKey, ids);
  await queryClient.invalidateQueries({ queryKey: wishlistBooksQueryKey });
}
