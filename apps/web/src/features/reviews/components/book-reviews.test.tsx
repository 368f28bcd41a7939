import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ReviewMessages } from '@bookshop/contracts/reviews';
import { answerApi, type ApiRequest } from '../../../test/network.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { bookReviewsPage, makeReview } from '../../../test/review-fixtures.ts';
import { BookReviews } from './book-reviews.tsx';

const perStar = { 5: 6, 4: 2, 3: 1, 2: 0, 1: 1 };
const fives = [
  makeReview({ id: 11, bookId: 7, rating: 5, subject: 'Loved it', userName: 'layla' }),
  makeReview({ id: 12, bookId: 7, rating: 5, subject: 'Bought two', isVerifiedPurchase: false }),
];
const all = [
  ...fives,
  makeReview({ id: 13, bookId: 7, rating: 1, subject: '<script>alert(1)</script>', comment: '<b>bold?</b> & more' }),
];

function renderSection({
  customer = false,
  eligibility = { hasPurchased: false, reviewId: null as number | null },
} = {}) {
  const api = answerApi(({ method, path, search }: ApiRequest) => {
    if (method !== 'GET') return undefined;
    if (path === '/api/v1/reviews/7') {
      const rating = new URLSearchParams(search).get('rating');
      return { body: bookReviewsPage(rating === '5' ? fives : all, { perStar, total: rating === '5' ? 2 : 3 }) };
    }
    if (path === '/api/v1/reviews/eligibility/7') return { body: eligibility };
    return undefined;
  });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>
        <BookReviews bookId={7} bookTitle="Emma" customer={customer} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

describe('the book page’s reviews', () => {
  it('says how reviews are verified and shows the average, the count and a bar per star', async () => {
    renderSection();
    expect(screen.getByText(ReviewMessages.verifiedNote)).toBeInTheDocument();
    const bars = within(await screen.findByRole('list', { name: 'Ratings by star' })).getAllByRole('button');
    expect(bars.map((bar) => bar.textContent)).toEqual([
      '5 stars, 6 reviews, 60%',
      '4 stars, 2 reviews, 20%',
      '3 stars, 1 review, 10%',
      '2 stars, 0 reviews, 0%',
      '1 star, 1 review, 10%',
    ]);
    expect(bars[0]).toHaveAccessibleName(/^5 stars\s*,\s*6 reviews, 60%$/);
    expect(screen.getByText('4.2')).toBeInTheDocument();
    expect(screen.getByText('10 ratings')).toBeInTheDocument();
    // Guests get no button.
    expect(screen.queryByRole('link', { name: /review/i })).not.toBeInTheDocument();
  });

  it('marks verified purchases and shows markup as the characters typed', async () => {
    renderSection();
    const list = await screen.findByRole('list', { name: 'Reviews' });
    const items = within(list).getAllByRole('article');
    expect(within(items[0]!).getByText(ReviewMessages.verifiedPurchase)).toBeInTheDocument();
    expect(within(items[1]!).queryByText(ReviewMessages.verifiedPurchase)).not.toBeInTheDocument();
    expect(within(items[2]!).getByRole('heading', { name: '<script>alert(1)</script>' })).toBeInTheDocument();
    expect(within(items[2]!).getByText('<b>bold?</b> & more')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(list.querySelector('b')).toBeNull();
  });

  it('filters by a star value when its bar is pressed, and shows all again', async () => {
    const user = userEvent.setup();
    const api = renderSection();
    const five = await screen.findByRole('button', { name: /^5 stars\b/ });
    await user.click(five);
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Reviews' })).getAllByRole('article')).toHaveLength(2),
    );
    expect(five).toHaveAttribute('aria-pressed', 'true');
    expect(api.requests.at(-1)?.search).toContain('rating=5');
    expect(screen.getByText('Showing 5-star reviews')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show all reviews' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Reviews' })).getAllByRole('article')).toHaveLength(3),
    );
    expect(five).toHaveAttribute('aria-pressed', 'false');
    expect(api.requests.at(-1)?.search).not.toContain('rating=');
  });

  it('sorts on request', async () => {
    const user = userEvent.setup();
    const api = renderSection();
    await screen.findByRole('list', { name: 'Reviews' });
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Lowest rating');
    await waitFor(() => expect(api.requests.at(-1)?.search).toContain('sort=lowest'));
  });

  it('offers a customer who bought the book “Write a review”, and “Edit your review” once written', async () => {
    renderSection({ customer: true, eligibility: { hasPurchased: true, reviewId: null } });
    expect(await screen.findByRole('link', { name: 'Write a review' })).toHaveAttribute('href', '/reviews/7/Emma');
  });

  it('offers “Edit your review” to its author', async () => {
    renderSection({ customer: true, eligibility: { hasPurchased: true, reviewId: 13 } });
    expect(await screen.findByRole('link', { name: 'Edit your review' })).toHaveAttribute('href', '/reviews/7/Emma');
  });

  it('offers nothing to a customer who did not buy the book', async () => {
    const api = renderSection({ customer: true });
    await screen.findByRole('list', { name: 'Reviews' });
    await waitFor(() => expect(api.sent('GET', '/api/v1/reviews/eligibility/7')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /review/i })).not.toBeInTheDocument();
  });
});
