import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookReviewsPage, ReviewSort } from '@bookshop/contracts/reviews';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { reviewKeys } from '../../../lib/query-keys.ts';

export type BookReviewsQuery = { pageNo: number; pageSize: number; sort: ReviewSort; rating?: number };

export const BOOK_REVIEWS_PAGE_SIZE = 5;
/** What the book page's reviews section shows first; the page's loader fetches the same page ahead. */
export const FIRST_REVIEWS_PAGE: BookReviewsQuery = { pageNo: 1, pageSize: BOOK_REVIEWS_PAGE_SIZE, sort: 'newest' };

/** `GET v1/reviews/{bookId}`: a page of the book's reviews with its average, count and bars. */
export function getBookReviews(
  bookId: number,
  query: BookReviewsQuery,
  signal?: AbortSignal,
): Promise<BookReviewsPage> {
  return api<BookReviewsPage>(`v1/reviews/${bookId}${toQueryString(query)}`, { signal });
}

export function bookReviewsQueryOptions(bookId: number, query: BookReviewsQuery) {
  return queryOptions({
    queryKey: reviewKeys.bookPage(bookId, query),
    queryFn: ({ signal }) => getBookReviews(bookId, query, signal),
    // The section shows its own error state.
    meta: { errorToast: false },
  });
}

export function useBookReviews(bookId: number, query: BookReviewsQuery) {
  // Paging and filtering keep the current reviews on screen until the next ones arrive.
  return useQuery({ ...bookReviewsQueryOptions(bookId, query), placeholderData: keepPreviousData });
}
