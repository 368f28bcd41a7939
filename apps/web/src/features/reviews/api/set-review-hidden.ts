import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetReviewHidden, StaffReview } from '@bookshop/contracts/reviews';
import { api } from '../../../lib/api-client.ts';
import { reviewsQueryKey } from './get-book-reviews.ts';
import { staffReviewsQueryKey } from './get-staff-reviews.ts';
import { refreshBookRatings } from './refresh-book-ratings.ts';

/** `PATCH v1/staff/reviews/{id}` `{ hidden }` (reviews:moderate): the review leaves, or rejoins, the book's average. */
export function setReviewHidden(id: number, hidden: boolean): Promise<StaffReview> {
  const body: SetReviewHidden = { hidden };
  return api<StaffReview>(`v1/staff/reviews/${id}`, { method: 'PATCH', body });
}

export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) => setReviewHidden(id, hidden),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffReviewsQueryKey }),
        queryClient.invalidateQueries({ queryKey: reviewsQueryKey }),
        refreshBookRatings(queryClient),
      ]),
  });
}
