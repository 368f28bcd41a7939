import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { REVIEW_SUBJECT_MAX, ReviewMessages, type OwnReview } from '@bookshop/contracts/reviews';
import { answerApi, type ApiRequest, type ApiReply } from '../../../test/network.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { bookReviewsPage, makeOwnReview, makeReview } from '../../../test/review-fixtures.ts';
import { toast } from '../../../ui/toast.tsx';
import { BookReviews } from '../components/book-reviews.tsx';
import { ReviewPage } from './review-page.tsx';

afterEach(() => toast.reset());

type Setup = { own?: OwnReview; hasPurchased?: boolean; answer?: (request: ApiRequest) => ApiReply | undefined };

function renderReviewPage({ own, hasPurchased = true, answer }: Setup = {}) {
  const api = answerApi((request) => {
    const { method, path } = request;
    if (method === 'GET' && path === '/api/v1/reviews/review-by/7') return { body: own ?? null };
    if (method === 'GET' && path === '/api/v1/reviews/eligibility/7')
      return { body: { hasPurchased, reviewId: own?.id ?? null } };
    return answer?.(request);
  });
  const router = createMemoryRouter(
    [
      { path: '/reviews/:id/:bookTitle', element: <ReviewPage /> },
      { path: '/books/:title', element: <p>The book page</p> },
    ],
    { initialEntries: ['/reviews/7/Emma'] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, router };
}

describe('/reviews/{id}/{bookTitle}', () => {
  it('checks every change with the API’s schema and publishes a new review', async () => {
    const user = userEvent.setup();
    const saved = makeOwnReview({ id: 40, bookId: 7, subject: 'Sharp and warm', rating: 4 });
    const { api, router } = renderReviewPage({
      answer: ({ method, path }) =>
        method === 'POST' && path === '/api/v1/reviews' ? { status: 201, body: saved } : undefined,
    });
    expect(await screen.findByRole('heading', { name: 'Write a review' })).toBeInTheDocument();

    const subject = await screen.findByLabelText('Subject');
    await user.type(subject, 'ab');
    expect(await screen.findByText(ReviewMessages.subjectMin)).toBeInTheDocument();
    await user.type(subject, 'c'.repeat(REVIEW_SUBJECT_MAX));
    expect(await screen.findByText(ReviewMessages.subjectMax)).toBeInTheDocument();
    await user.clear(subject);
    await user.type(subject, 'Sharp and warm');
    expect(screen.queryByText(ReviewMessages.subjectMax)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Comment'), 'Too short');
    expect(await screen.findByText(ReviewMessages.commentMin)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Comment'), ', but then it grows on you.');
    await waitFor(() => expect(screen.queryByText(ReviewMessages.commentMin)).not.toBeInTheDocument());

    // No rating yet: publishing names the missing rating.
    await user.click(screen.getByRole('button', { name: 'Publish Review' }));
    expect(await screen.findByText(ReviewMessages.ratingRequired)).toBeInTheDocument();
    expect(api.sent('POST', '/api/v1/reviews')).toHaveLength(0);

    screen.getByRole('radio', { name: '1 star' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await user.click(screen.getByRole('button', { name: 'Publish Review' }));
    await waitFor(() => expect(api.sent('POST', '/api/v1/reviews')).toHaveLength(1));
    expect(api.sent('POST', '/api/v1/reviews')[0]!.body).toEqual({
      bookId: 7,
      subject: 'Sharp and warm',
      comment: 'Too short, but then it grows on you.',
      rating: 4,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/books/Emma'));
  });

  it('edits the customer’s review, starting from what they wrote', async () => {
    const user = userEvent.setup();
    const own = makeOwnReview({
      id: 41,
      bookId: 7,
      subject: 'First take',
      comment: 'I liked it more than I expected.',
      rating: 3,
    });
    const { api, router } = renderReviewPage({
      own,
      answer: ({ method, path, body }) =>
        method === 'PUT' && path === '/api/v1/reviews' ? { body: { ...own, ...(body as object) } } : undefined,
    });
    expect(await screen.findByRole('heading', { name: 'Edit your review' })).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue('First take');
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveAttribute('aria-checked', 'true');

    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Update Review' }));
    await waitFor(() => expect(api.sent('PUT', '/api/v1/reviews')).toHaveLength(1));
    expect(api.sent('PUT', '/api/v1/reviews')[0]!.body).toEqual({
      id: 41,
      subject: 'First take',
      comment: 'I liked it more than I expected.',
      rating: 5,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/books/Emma'));
  });

  it('asks before deleting, and deletes only when confirmed', async () => {
    const user = userEvent.setup();
    const own = makeOwnReview({ id: 42, bookId: 7 });
    const { api, router } = renderReviewPage({
      own,
      answer: ({ method, path }) =>
        method === 'DELETE' && path === '/api/v1/reviews/42' ? { status: 204 } : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your review?' });
    await user.click(screen.getByRole('button', { name: 'Keep Review' }));
    expect(dialog).not.toBeInTheDocument();
    expect(api.sent('DELETE', '/api/v1/reviews/42')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Review' }));
    await screen.findByRole('dialog', { name: 'Delete your review?' });
    const buttons = screen.getAllByRole('button', { name: 'Delete Review' });
    await user.click(buttons.at(-1)!);
    await waitFor(() => expect(api.sent('DELETE', '/api/v1/reviews/42')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/books/Emma'));
  });

  it('tells a customer who did not buy the book why they cannot review it', async () => {
    renderReviewPage({ hasPurchased: false });
    expect(await screen.findByText(ReviewMessages.notPurchased)).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });
});

describe('spec section 4 on the book page', () => {
  /** The book page's section and the review page on one cache that, like the app's, keeps data fresh a minute. */
  function renderBookAndReviewPage(answer: (request: ApiRequest) => ApiReply | undefined) {
    const api = answerApi(answer);
    const client = createTestQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, staleTime: 60_000 } });
    const router = createMemoryRouter(
      [
        { path: '/reviews/:id/:bookTitle', element: <ReviewPage /> },
        { path: '/books/:title', element: <BookReviews bookId={7} bookTitle="Emma" customer /> },
      ],
      { initialEntries: ['/books/Emma'] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return api;
  }

  const own = makeOwnReview({
    id: 41,
    bookId: 7,
    subject: 'First take',
    comment: 'Better than I expected.',
    rating: 3,
  });
  const other = makeReview({ id: 40, bookId: 7, rating: 5, subject: 'Superb' });
  const listed = ({ isHidden: _, bookTitle: __, ...review }: OwnReview) => review;

  it('editing updates subject, comment and rating in place, bars included, without refetching', async () => {
    const user = userEvent.setup();
    const api = renderBookAndReviewPage(({ method, path, body }) => {
      if (method === 'GET' && path === '/api/v1/reviews/7') return { body: bookReviewsPage([listed(own), other]) };
      if (method === 'GET' && path === '/api/v1/reviews/eligibility/7')
        return { body: { hasPurchased: true, reviewId: 41 } };
      if (method === 'GET' && path === '/api/v1/reviews/review-by/7') return { body: own };
      if (method === 'PUT' && path === '/api/v1/reviews') return { body: { ...own, ...(body as object) } };
      return undefined;
    });
    await screen.findByRole('button', { name: /^3 stars\s*,\s*1 review, 50%$/ });
    await user.click(await screen.findByRole('link', { name: 'Edit your review' }));
    const subject = await screen.findByLabelText('Subject');
    await user.clear(subject);
    await user.type(subject, 'Second thoughts');
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Update Review' }));

    expect(await screen.findByRole('heading', { name: 'Second thoughts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^5 stars\s*,\s*2 reviews, 100%$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^3 stars\s*,\s*0 reviews, 0%$/ })).toBeInTheDocument();
    expect(screen.getByText('5.0')).toBeInTheDocument();
    expect(api.sent('GET', '/api/v1/reviews/7')).toHaveLength(1);
  });

  it('deleting refetches the reviews', async () => {
    const user = userEvent.setup();
    let deleted = false;
    const api = renderBookAndReviewPage(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/reviews/7')
        return { body: bookReviewsPage(deleted ? [other] : [listed(own), other]) };
      if (method === 'GET' && path === '/api/v1/reviews/eligibility/7')
        return { body: { hasPurchased: true, reviewId: deleted ? null : 41 } };
      if (method === 'GET' && path === '/api/v1/reviews/review-by/7') return { body: own };
      if (method === 'DELETE' && path === '/api/v1/reviews/41') {
        deleted = true;
        return { status: 204 };
      }
      return undefined;
    });
    await user.click(await screen.findByRole('link', { name: 'Edit your review' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Review' }));

    expect(await screen.findByRole('link', { name: 'Write a review' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'First take' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Superb' })).toBeInTheDocument();
    expect(api.sent('GET', '/api/v1/reviews/7')).toHaveLength(2);
  });
});
