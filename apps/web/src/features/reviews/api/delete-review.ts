import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshBookRatings } from '../../../lib/refresh-book-ratings.ts';
import { reviewKeys } from '../../../lib/query-keys.ts';

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
      queryClient.setQueryData(reviewKeys.own(bookId), null);
      await Promise.all([queryClient.invalidateQueries({ queryKey: reviewKeys.all }), refreshBookRatings(queryClient)]);
    },
  });
}
