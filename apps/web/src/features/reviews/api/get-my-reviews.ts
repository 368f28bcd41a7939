import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyReviewsPage } from '@bookshop/contracts/reviews';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { reviewKeys } from '../../../lib/query-keys.ts';

export type MyReviewsQuery = { pageNo: number; pageSize: number };

/** `GET v1/reviews/mine`: the signed-in customer's reviews, newest first. */
export function getMyReviews(query: MyReviewsQuery, signal?: AbortSignal): Promise<MyReviewsPage> {
  return api<MyReviewsPage>(`v1/reviews/mine${toQueryString(query)}`, { signal });
}

export function myReviewsQueryOptions(query: MyReviewsQuery) {
  return queryOptions({
    queryKey: reviewKeys.minePage(query),
    queryFn: ({ signal }) => getMyReviews(query, signal),
  });
}

export function useMyReviews(query: MyReviewsQuery) {
  return useQuery({ ...myReviewsQueryOptions(query), placeholderData: keepPreviousData });
}
