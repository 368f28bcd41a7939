import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { WishlistBookIds } from '@bookshop/contracts/wishlist';
import { api } from '../../../lib/api-client.ts';
import { wishlistKeys } from '../../../lib/query-keys.ts';

/** `GET v1/wishlist/books-ids`: every wishlisted book id, for the cards' 'Already Added'. */
export function getWishlistIds(signal?: AbortSignal): Promise<WishlistBookIds> {
  return api<WishlistBookIds>('v1/wishlist/books-ids', { signal });
}

export function wishlistIdsQueryOptions() {
  return queryOptions({ queryKey: wishlistKeys.ids, queryFn: ({ signal }) => getWishlistIds(signal) });
}

/** Spec section 4: the ids are fetched when logged in; `enabled` is false for everyone else. */
export function useWishlistIds({ enabled }: { enabled: boolean }) {
  return useQuery({ ...wishlistIdsQueryOptions(), enabled });
}

/** Every wishlist change answers the new id set; the paged book list is refetched from it. */
export async function storeWishlistIds(queryClient: QueryClient, ids: WishlistBookIds) {
  queryClient.setQueryData(wishlistKeys.ids, ids);
  await queryClient.invalidateQueries({ queryKey: wishlistKeys.books });
}
