import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookReviewsPage, ReviewSort } from '@bookshop/contracts/reviews';
import { api, toQueryString } from '../../../lib/api-client.ts';

/** Everything this feature caches; a deleted review refetches the whole prefix (spec section 4). */
export const reviewsQueryKey = ['reviews'] as const;

export type BookReviewsQuery = { pageNo: number; pageSize: number; sort: ReviewSort; rating?: number };

/** `GET v1/reviews/{bookId}`: a page of the book's reviews with its average, count and bars. */
export function getBookReviews(
  bookId: number,
  query: BookReviewsQuery,
  signal?: AbortSignal,
): Promise<BookReviewsPage> {
  return api<BookReviewsPage>(`v1/reviews/${bookId}${toQueryString(query)}`, { signal });
}

export const bookReviewsQueryKey = (bookId: number) => [...reviewsQueryKey, 'book', bookId] as const;

export function bookReviewsQueryOptions(bookId: number, query: BookReviewsQuery) {
  return queryOptions({
    queryKey: [...bookReviewsQueryKey(bookId), query],
    queryFn: ({ signal }) => getBookReviews(bookId, query, signal),
    // The section shows its own error state.
    meta: { errorToast: false },
  });
}

export function useBookReviews(bookId: number, query: BookReviewsQuery) {
  // Paging and filtering keep the current reviews on screen until the next ones arrive.
  return useQuery({ ...bookReviewsQueryOptions(bookId, query), placeholderData: keepPreviousData });
}
