import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MyReviewsPageSchema } from '@bookshop/contracts/reviews';
import { answerApi } from '../../../test/network.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { makeOwnReview } from '../../../test/review-fixtures.ts';
import { MyReviewsSection } from './my-reviews-section.tsx';

function renderSection(reviews: ReturnType<typeof makeOwnReview>[]) {
  const api = answerApi(({ path }) =>
    path === '/api/v1/reviews/mine'
      ? {
          body: MyReviewsPageSchema.parse({
            data: reviews,
            paginationDetails: { currentPage: 1, totalPages: 1, noOfRecords: reviews.length, pageSize: 5 },
          }),
        }
      : undefined,
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>
        <MyReviewsSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

describe('reviews on /account', () => {
  it('lists the customer’s reviews with a link to edit each, and marks hidden ones', async () => {
    const api = renderSection([
      makeOwnReview({ id: 2, bookId: 9, bookTitle: 'War and Peace', subject: 'Long but worth it', rating: 4 }),
      makeOwnReview({ id: 1, bookId: 3, bookTitle: 'Emma', subject: '<i>Meh</i>', isHidden: true }),
    ]);
    const region = await screen.findByRole('region', { name: 'Reviews' });
    const items = await within(region).findAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: 'War and Peace' })).toHaveAttribute(
      'href',
      '/books/War%20and%20Peace',
    );
    expect(within(items[0]!).getByRole('link', { name: 'Edit your review of War and Peace' })).toHaveAttribute(
      'href',
      '/reviews/9/War%20and%20Peace',
    );
    expect(within(items[0]!).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(items[1]!).getByText('<i>Meh</i>')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Hidden by our staff')).toBeInTheDocument();
    expect(api.requests[0]?.search).toBe('?pageNo=1&pageSize=5');
  });

  it('says when there are none', async () => {
    renderSection([]);
    expect(await screen.findByText(/You have not reviewed any books yet/)).toBeInTheDocument();
  });
});
