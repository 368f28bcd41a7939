import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnReview } from '@bookshop/contracts/reviews';
import { api } from '../../../lib/api-client.ts';
import { reviewKeys } from '../../../lib/query-keys.ts';

/** `GET v1/reviews/review-by/{bookId}`: the customer's own review of the book; null when they wrote none. */
export function getOwnReview(bookId: number, signal?: AbortSignal): Promise<OwnReview | null> {
  return api<OwnReview | null>(`v1/reviews/review-by/${bookId}`, { signal });
}

export function ownReviewQueryOptions(bookId: number) {
  return queryOptions({
    queryKey: reviewKeys.own(bookId),
    queryFn: ({ signal }) => getOwnReview(bookId, signal),
  });
}

export function useOwnReview(bookId: number, { enabled }: { enabled: boolean }) {
  return useQuery({ ...ownReviewQueryOptions(bookId), enabled });
}
