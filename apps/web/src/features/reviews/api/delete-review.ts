import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reviewsQueryKey } from './get-book-reviews.ts';
import { ownReviewQueryKey } from './get-own-review.ts';
import { refreshBookRatings } from './refresh-book-ratings.ts';

/** `DELETE v1/reviews/{id}`: the customer's own review only. */
export function deleteReview(id: number): Promise<void> {
  return api<void>(`v1/reviews/${id}`, { method: 'DELETE' });
}

export function useDeleteReview(bookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    // Spec section 4: deleting refetches the reviews.
    onSuccess: async () => {
      queryClient.setQueryData(ownReviewQueryKey(bookId), null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewsQueryKey }),
        refreshBookRatings(queryClient),
      ]);
    },
  });
}
