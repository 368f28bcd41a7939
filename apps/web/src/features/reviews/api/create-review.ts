import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReview, OwnReview } from '@bookshop/contracts/reviews';
import { api } from '../../../lib/api-client.ts';
import { refreshBookRatings } from '../../../lib/refresh-book-ratings.ts';
import { reviewKeys } from '../../../lib/query-keys.ts';

/** `POST v1/reviews`: 403 unless the customer bought the book, 409 for a second review. */
export function createReview(body: CreateReview): Promise<OwnReview> {
  return api<OwnReview>('v1/reviews', { method: 'POST', body });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: async (review) => {
      queryClient.setQueryData(reviewKeys.own(review.bookId), review);
      await Promise.all([queryClient.invalidateQueries({ queryKey: reviewKeys.all }), refreshBookRatings(queryClient)]);
    },
  });
}
