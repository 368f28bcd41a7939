import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BookReviewsPage, MyReviewsPage, OwnReview, UpdateReview } from '@bookshop/contracts/reviews';
import { api } from '../../../lib/api-client.ts';
import { refreshBookRatings } from '../../../lib/refresh-book-ratings.ts';
import { reviewKeys } from '../../../lib/query-keys.ts';

/** `PUT v1/reviews` with the id in the body: the customer's own review only. */
export function updateReview(body: UpdateReview): Promise<OwnReview> {
  return api<OwnReview>('v1/reviews', { method: 'PUT', body });
}

/** The book's bars and average after one review moved from `before` to `after` stars. */
function moveRating(page: BookReviewsPage, before: number, after: number): BookReviewsPage {
  const ratingDistribution = page.ratingDistribution.map((bar) => ({
    ...bar,
    count: bar.count - (bar.rating === before ? 1 : 0) + (bar.rating === after ? 1 : 0),
  }));
  const total = ratingDistribution.reduce((sum, bar) => sum + bar.count, 0);
  const points = ratingDistribution.reduce((sum, bar) => sum + bar.rating * bar.count, 0);
  return {
    ...page,
    ratingDistribution,
    ratingAverage: total === 0 ? 0 : Math.round((points / total) * 100) / 100,
  };
}

/**
 * Spec section 4: editing a review updates its comment, subject and rating in place, in every
 * cached page that shows it (the book's pages, with their bars and average, and the account's
 * list), without refetching them.
 */
function updateInPlace(queryClient: QueryClient, saved: OwnReview) {
  const previous = queryClient.getQueryData<OwnReview | null>(reviewKeys.own(saved.bookId));
  const edit = { subject: saved.subject, comment: saved.comment, rating: saved.rating, updatedAt: saved.updatedAt };
  queryClient.setQueryData(reviewKeys.own(saved.bookId), saved);
  queryClient.setQueriesData<BookReviewsPage>({ queryKey: reviewKeys.book(saved.bookId) }, (page) => {
    if (!page) return page;
    const shown = page.data.find((review) => review.id === saved.id);
    // A hidden review is in no bar; a review on another page still counts in the bars.
    const counted = previous ? !previous.isHidden : Boolean(shown);
    const before = shown?.rating ?? previous?.rating;
    const data = page.data.map((review) => (review.id === saved.id ? { ...review, ...edit } : review));
    return counted && before !== undefined ? moveRating({ ...page, data }, before, saved.rating) : { ...page, data };
  });
  queryClient.setQueriesData<MyReviewsPage>(
    { queryKey: reviewKeys.mine },
    (page) =>
      page && { ...page, data: page.data.map((review) => (review.id === saved.id ? { ...review, ...edit } : review)) },
  );
}

export function useUpdateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReview,
    onSuccess: async (saved) => {
      updateInPlace(queryClient, saved);
      await refreshBookRatings(queryClient);
    },
  });
}
