import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DashboardSchema, type Dashboard, type DashboardRange } from '@bookshop/contracts/dashboard';
import { RoleName } from '@bookshop/contracts/enums';
import { Permission } from '@bookshop/contracts/roles';
import { Routes } from '@bookshop/contracts/routes';
import { makeViewer, renderDashboard } from '../testing/render-dashboard.tsx';
import { answerApi } from '../../../test/network.ts';

function makeDashboard(range: DashboardRange, revenue: number): Dashboard {
  const days = range === 'today' ? 1 : range === '7d' ? 7 : 30;
  return DashboardSchema.parse({
    range,
    from: '2026-11-23',
    to: '2026-11-23',
    revenue,
    paidOrders: 4,
    averageOrderValue: revenue / 4,
    newCustomers: 2,
    ordersByStatus: [
      { status: 1, statusName: 'Pending', count: 1 },
      { status: 2, statusName: 'Completed', count: 4 },
      { status: 3, statusName: 'Cancelled', count: 0 },
    ],
    bestSellers: [{ bookId: 3, title: 'Emma', copies: 5, revenue: 200 }],
    lowStock: [{ bookId: 4, title: 'Persuasion', stockQuantity: 2 }],
    revenueByDay: Array.from({ length: days }, (_, i) => ({
      date: `2026-11-${String(23 - days + 1 + i).padStart(2, '0')}`,
      revenue: i === days - 1 ? revenue : 0,
      paidOrders: i === days - 1 ? 4 : 0,
    })),
  });
}

function stubDashboard() {
  const ranges: string[] = [];
  answerApi(({ url }) => {
    const range = (url.searchParams.get('range') ?? 'today') as DashboardRange;
    ranges.push(range);
    return { body: makeDashboard(range, range === 'today' ? 520.5 : range === '7d' ? 1234 : 9876.25) };
  });
  return ranges;
}

/** The value shown under a figure's label (the chart's table repeats some amounts). */
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('the dashboard figures', () => {
  it("shows today's revenue, orders, average, new customers, statuses, best sellers and low stock", async () => {
    stubDashboard();
    renderDashboard(makeViewer(RoleName.Supervisor));

    await screen.findByText('Revenue', { selector: 'dt' });
    expect(figure('Revenue')).toHaveTextContent('Dhs 520.50');
    expect(figure('Paid orders')).toHaveTextContent('4');
    expect(figure('Average order value')).toHaveTextContent('Dhs 130.13');
    expect(figure('New customers')).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Emma' })).toHaveAttribute('href', '/books/Emma');
    // A Supervisor may manage books: the low-stock book links to its form.
    expect(screen.getByRole('link', { name: 'Persuasion' })).toHaveAttribute('href', '/admin/dashboard/update-book/4');
    const statuses = screen.getByRole('region', { name: 'Orders by status' });
    expect(within(statuses).getByRole('link', { name: 'Completed' }).parentElement).toHaveTextContent('4');
  });

  it('switches range with pressed buttons and asks the API for that range', async () => {
    const ranges = stubDashboard();
    const user = userEvent.setup();
    const { router } = renderDashboard(makeViewer(RoleName.User));
    await screen.findByText('Revenue', { selector: 'dt' });

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(figure('Revenue')).toHaveTextContent('Dhs 1234.00'));
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'false');
    expect(router.state.location.search).toBe('?range=7d');

    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(figure('Revenue')).toHaveTextContent('Dhs 9876.25'));
    expect(ranges).toEqual(['today', '7d', '30d']);
    // A User cannot edit books: the low-stock title is plain text.
    expect(screen.queryByRole('link', { name: 'Persuasion' })).not.toBeInTheDocument();
    expect(screen.getByText('Persuasion')).toBeInTheDocument();
  });

  it('draws the revenue chart as one image with a summary, and shows the figures as a table on request', async () => {
    stubDashboard();
    const user = userEvent.setup();
    renderDashboard(makeViewer(RoleName.User), { at: `${Routes.adminDashboard}?range=7d` });

    const chart = await screen.findByRole('img', { name: /Revenue per day from 17\/11\/2026 to 23\/11\/2026/ });
    expect(chart).toHaveAccessibleName(/Dhs 1234\.00 in all; the best day was 23\/11\/2026/);
    expect(screen.queryByRole('table', { name: 'Revenue per day' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table', { name: 'Revenue per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(rows[7]).toHaveTextContent('23/11/2026Dhs 1234.004');
    await user.click(screen.getByRole('button', { name: 'Hide table' }));
    expect(screen.queryByRole('table', { name: 'Revenue per day' })).not.toBeInTheDocument();
  });

  it('draws a bar per day without style attributes, which the CSP would block', async () => {
    stubDashboard();
    renderDashboard(makeViewer(RoleName.User), { at: `${Routes.adminDashboard}?range=7d` });

    const chart = await screen.findByRole('img', { name: /^Revenue per day/ });
    const bars = chart.querySelectorAll('rect');
    expect(bars).toHaveLength(7);
    // The best day (Dhs 1234, on a 0-1,600 axis) is the tallest bar; the days without sales have none.
    const heights = [...bars].map((bar) => Number(bar.getAttribute('height')));
    expect(heights.slice(0, 6)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(heights[6]).toBeGreaterThan(150);
    expect(bars[6]).toHaveTextContent('23/11/2026: Dhs 1234.00');
    expect(within(chart).getByText('1,600')).toBeInTheDocument();
    expect(within(chart).getByText('17/11')).toBeInTheDocument();
    expect(chart.querySelectorAll('[style]')).toHaveLength(0);
  });

  it('says when the figures cannot be loaded', async () => {
    answerApi(() => ({ status: 500, body: { title: 'Error', status: 500 } }));
    renderDashboard(makeViewer(RoleName.Admin));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows a role without orders:view a welcome panel and asks for no figures', () => {
    const api = answerApi(() => ({ body: {} }));
    renderDashboard(makeViewer(RoleName.User, { permissions: [Permission.ViewBooks] }));
    expect(screen.getByRole('heading', { name: 'Your role allows you to' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Today' })).not.toBeInTheDocument();
    expect(api.calls).not.toHaveBeenCalled();
  });

  it('keeps the Staff shortcut for Admins only', async () => {
    stubDashboard();
    const admin = renderDashboard(makeViewer(RoleName.Admin));
    await screen.findByText('Revenue', { selector: 'dt' });
    expect(screen.getByText(/New staff wait for a role/)).toBeInTheDocument();
    admin.unmount();
    renderDashboard(makeViewer(RoleName.Supervisor));
    await screen.findByText('Revenue', { selector: 'dt' });
    expect(screen.queryByText(/New staff wait for a role/)).not.toBeInTheDocument();
  });
});
