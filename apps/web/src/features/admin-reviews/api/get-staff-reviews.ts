import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffReviewPage, StaffReviewQuery } from '@bookshop/contracts/reviews';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { staffReviewKeys } from '../../../lib/query-keys.ts';

/** `GET v1/staff/reviews` (reviews:moderate): every review, newest first. */
export function getStaffReviews(query: StaffReviewQuery, signal?: AbortSignal): Promise<StaffReviewPage> {
  return api<StaffReviewPage>(`v1/staff/reviews${toQueryString(query)}`, { signal });
}

export function staffReviewsQueryOptions(query: StaffReviewQuery) {
  return queryOptions({
    queryKey: staffReviewKeys.list(query),
    queryFn: ({ signal }) => getStaffReviews(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStaffReviews(query: StaffReviewQuery) {
  return useQuery(staffReviewsQueryOptions(query));
}
