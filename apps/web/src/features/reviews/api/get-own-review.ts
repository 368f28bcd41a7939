import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnReview } from '@bookshop/contracts/reviews';
import { api, ApiError } from '../../../lib/api-client.ts';
import { reviewsQueryKey } from './get-book-reviews.ts';

/** `GET v1/reviews/review-by/{bookId}`: the customer's own review of the book; null when they wrote none (404). */
export async function getOwnReview(bookId: number, signal?: AbortSignal): Promise<OwnReview | null> {
  try {
    return await api<OwnReview>(`v1/reviews/review-by/${bookId}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const ownReviewQueryKey = (bookId: number) => [...reviewsQueryKey, 'own', bookId] as const;

export function ownReviewQueryOptions(bookId: number) {
  return queryOptions({
    queryKey: ownReviewQueryKey(bookId),
    queryFn: ({ signal }) => getOwnReview(bookId, signal),
  });
}

export function useOwnReview(bookId: number, { enabled }: { enabled: boolean }) {
  return useQuery({ ...ownReviewQueryOptions(bookId), enabled });
}
