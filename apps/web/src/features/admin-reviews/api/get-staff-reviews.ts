import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffReviewPage } from '@bookshop/contracts/reviews';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { staffReviewKeys } from '../../../lib/query-keys.ts';

/** The moderation list; hiding or showing a review invalidates the whole prefix. */

export type StaffReviewsQuery = { pageNo: number; pageSize: number; hidden?: boolean };

/** `GET v1/staff/reviews` (reviews:moderate): every review, newest first. */
export function getStaffReviews(query: StaffReviewsQuery, signal?: AbortSignal): Promise<StaffReviewPage> {
  return api<StaffReviewPage>(`v1/staff/reviews${toQueryString(query)}`, { signal });
}

export function staffReviewsQueryOptions(query: StaffReviewsQuery) {
  return queryOptions({
    queryKey: staffReviewKeys.list(query),
    queryFn: ({ signal }) => getStaffReviews(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStaffReviews(query: StaffReviewsQuery) {
  return useQuery(staffReviewsQueryOptions(query));
}
