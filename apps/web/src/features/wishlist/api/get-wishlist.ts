import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { WishlistPage } from '@bookshop/contracts/wishlist';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { wishlistKeys } from '../../../lib/query-keys.ts';

export const WISHLIST_PAGE_SIZE = 20;

/** `GET v1/wishlist`: a page of the wishlisted books, newest first. */
export function getWishlist(pageNo: number, signal?: AbortSignal): Promise<WishlistPage> {
  return api<WishlistPage>(`v1/wishlist${toQueryString({ pageNo, pageSize: WISHLIST_PAGE_SIZE })}`, { signal });
}

export function wishlistQueryOptions() {
  return infiniteQueryOptions({
    queryKey: wishlistKeys.books,
    queryFn: ({ pageParam, signal }) => getWishlist(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: ({ paginationDetails: { currentPage, totalPages } }) =>
      currentPage < totalPages ? currentPage + 1 : undefined,
    // The page shows its own error state.
    meta: { errorToast: false },
  });
}

export function useWishlist() {
  return useInfiniteQuery(wishlistQueryOptions());
}
