import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetReviewHidden, StaffReview } from '@bookshop/contracts/reviews';
import { api } from '../../../lib/api-client.ts';
import { refreshBookRatings } from '../../../lib/refresh-book-ratings.ts';
import { reviewKeys, staffReviewKeys } from '../../../lib/query-keys.ts';

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
        queryClient.invalidateQueries({ queryKey: staffReviewKeys.all }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
        refreshBookRatings(queryClient),
      ]),
  });
}
