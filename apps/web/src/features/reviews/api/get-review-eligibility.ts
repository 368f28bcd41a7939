import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewEligibility } from '@bookshop/contracts/reviews';
import { api } from '../../../lib/api-client.ts';
import { reviewKeys } from '../../../lib/query-keys.ts';

/** `GET v1/reviews/eligibility/{bookId}`: did the customer buy the book, and did they review it already. */
export function getReviewEligibility(bookId: number, signal?: AbortSignal): Promise<ReviewEligibility> {
  return api<ReviewEligibility>(`v1/reviews/eligibility/${bookId}`, { signal });
}

export function reviewEligibilityQueryOptions(bookId: number) {
  return queryOptions({
    queryKey: reviewKeys.eligibility(bookId),
    queryFn: ({ signal }) => getReviewEligibility(bookId, signal),
    // Without an answer the page simply offers no button.
    meta: { errorToast: false },
  });
}

export function useReviewEligibility(bookId: number, { enabled }: { enabled: boolean }) {
  return useQuery({ ...reviewEligibilityQueryOptions(bookId), enabled });
}
