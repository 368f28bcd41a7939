import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthMessages } from '@bookshop/contracts/auth';
import { RoleName } from '@bookshop/contracts/enums';
import { ReviewMessages } from '@bookshop/contracts/reviews';
import { Routes } from '@bookshop/contracts/routes';
import { DashboardLayout } from '../features/staff/components/dashboard-layout.tsx';
import { makeViewer } from '../features/staff/testing/render-dashboard.tsx';
import { answerApi } from '../test/network.ts';
import { createTestQueryClient } from '../test/render.tsx';
import { makeStaffReview, staffReviewPage } from '../test/review-fixtures.ts';
import { Toaster, toast } from '../ui/toast.tsx';
import { AdminReviewsRoute } from './admin-review-routes.tsx';

function renderAdmin(role: RoleName) {
  const router = createMemoryRouter(
    [
      {
        path: Routes.adminDashboard,
        element: <DashboardLayout viewer={makeViewer(role)} refreshSession={() => Promise.resolve(true)} />,
        children: [{ path: Routes.adminReviews, element: <AdminReviewsRoute /> }],
      },
    ],
    { initialEntries: [Routes.adminReviews] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => toast.reset());

const abusive = makeStaffReview({ id: 5, subject: '<script>alert(1)</script>', userName: 'troll', bookTitle: 'Emma' });
const fair = makeStaffReview({ id: 4, subject: 'Lovely', isHidden: true, hiddenAt: '2026-03-15T10:00:00.000Z' });

describe('/admin/dashboard/reviews', () => {
  it('lists the reviews in a table with ARIA roles, text shown as typed', async () => {
    answerApi(({ path }) =>
      path === '/api/v1/staff/reviews' ? { body: staffReviewPage([abusive, fair]) } : undefined,
    );
    renderAdmin(RoleName.Supervisor);
    const table = await screen.findByRole('table', { name: 'Reviews, newest first' });
    expect(within(table).getAllByRole('rowgroup')).toHaveLength(2);
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Review',
      'Rating',
      'Book',
      'Customer',
      'Written',
      'Status',
      'Action',
    ]);
    expect(headers[0]).toHaveAttribute('scope', 'col');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(within(rows[0]!).getAllByRole('cell')).toHaveLength(7);
    expect(within(rows[1]!).getByText('Hidden')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    // Written at 10:00 UTC: 2:00 PM on the shop's clock, as on the book page, wherever staff are.
    const times = [...rows[0]!.querySelectorAll('time')];
    expect(times.map((time) => time.textContent)).toEqual(['14/03/2026, 2:00 PM', '14/03/2026, 2:00 PM']);
    // The customer's address may wrap after its '@' and dots only.
    expect(within(rows[0]!).getByText('reader@example.com').innerHTML).toBe('reader@<wbr>example.<wbr>com');
  });

  it('asks before hiding, and hides only when confirmed', async () => {
    const user = userEvent.setup();
    const api = answerApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/staff/reviews') return { body: staffReviewPage([abusive, fair]) };
      if (method === 'PATCH' && path === '/api/v1/staff/reviews/5')
        return { body: { ...abusive, isHidden: true, hiddenAt: '2026-03-16T10:00:00.000Z' } };
      return undefined;
    });
    renderAdmin(RoleName.Admin);
    await user.click(await screen.findByRole('button', { name: 'Hide review “<script>alert(1)</script>”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Shown' }));
    expect(api.sent('PATCH', '/api/v1/staff/reviews/5')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Hide review “<script>alert(1)</script>”' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Hide this review?' })).getByRole('button', {
        name: 'Hide Review',
      }),
    );
    await waitFor(() => expect(api.sent('PATCH', '/api/v1/staff/reviews/5')).toHaveLength(1));
    expect(api.sent('PATCH', '/api/v1/staff/reviews/5')[0]!.body).toEqual({ hidden: true });
    expect(await screen.findByText(ReviewMessages.hidden)).toBeInTheDocument();
  });

  it('shows a hidden review again without asking, and filters by hidden', async () => {
    const user = userEvent.setup();
    const api = answerApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/v1/staff/reviews') return { body: staffReviewPage([fair]) };
      if (method === 'PATCH' && path === '/api/v1/staff/reviews/4') return { body: { ...fair, isHidden: false } };
      return undefined;
    });
    const router = renderAdmin(RoleName.Admin);
    await user.click(await screen.findByRole('button', { name: 'Show review “Lovely”' }));
    await waitFor(() => expect(api.sent('PATCH', '/api/v1/staff/reviews/4')[0]?.body).toEqual({ hidden: false }));

    await user.selectOptions(screen.getByLabelText('Show'), 'Hidden only');
    await waitFor(() => expect(router.state.location.search).toBe('?hidden=true'));
    await waitFor(() => expect(api.requests.at(-1)?.search).toContain('hidden=true'));
  });

  it('tells a User the page is not theirs and offers no menu entry', async () => {
    answerApi(() => undefined);
    renderAdmin(RoleName.User);
    expect(await screen.findByRole('alert')).toHaveTextContent(AuthMessages.permissionMissing);
    expect(
      within(screen.getByRole('navigation', { name: 'Dashboard' })).queryByRole('link', { name: 'Reviews' }),
    ).not.toBeInTheDocument();
  });
});
