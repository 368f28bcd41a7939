import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthMessages } from '@bookshop/contracts/auth';
import { RoleName } from '@bookshop/contracts/enums';
import { VatReportMessages, type VatReport } from '@bookshop/contracts/reports';
import { Routes } from '@bookshop/contracts/routes';
import { VAT_REPORT_EMIRATES } from '@bookshop/contracts/vat';
import { AdminVatRoute } from './admin-vat-route.tsx';
import { tokenStore } from '../lib/api-client.ts';
import { answerApi } from '../test/network.ts';
import { createTestQueryClient } from '../test/render.tsx';
import { Toaster, toast } from '../ui/toast.tsx';
import { DashboardLayout } from '../features/staff/components/dashboard-layout.tsx';
import { makeViewer } from '../features/staff/testing/render-dashboard.tsx';

/** A VAT return as the API answers it: `sales` per emirate in fils of VAT, the rest derived. */
function vatReport(from: string, to: string, vatFils: Partial<Record<string, number>> = {}, creditVat = 0): VatReport {
  const sales = VAT_REPORT_EMIRATES.map((emirate) => {
    const vat = (vatFils[emirate] ?? 0) / 100;
    return { emirate, netAmount: vat * 20, vatAmount: vat };
  });
  const salesVat = sales.reduce((sum, s) => sum + s.vatAmount, 0);
  const invoices = Object.keys(vatFils).length;
  return {
    from,
    to,
    sales,
    salesTotal: { netAmount: salesVat * 20, vatAmount: salesVat },
    adjustments: { netAmount: -creditVat * 20, vatAmount: -creditVat },
    netVatDue: salesVat - creditVat,
    invoices,
    creditNotes: creditVat ? 1 : 0,
  };
}

function stub(answer: (from: string, to: string) => VatReport | Response) {
  return answerApi(({ path, url }) => {
    if (path !== '/api/v1/reports/vat') return undefined;
    const found = answer(url.searchParams.get('from')!, url.searchParams.get('to')!);
    return found instanceof Response ? found : { body: found };
  });
}

function renderVat(role: RoleName = RoleName.Admin, entry: string = Routes.adminVat) {
  const router = createMemoryRouter(
    [
      {
        path: Routes.adminDashboard,
        element: <DashboardLayout viewer={makeViewer(role)} refreshSession={() => Promise.resolve(true)} />,
        children: [{ path: Routes.adminVat, element: <AdminVatRoute /> }],
      },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

/** The shop's clock reads `iso` (a UTC instant). */
const clockAt = (iso: string) => vi.spyOn(Date, 'now').mockReturnValue(new Date(iso).getTime());

afterEach(() => {
  vi.restoreAllMocks();
  toast.reset();
});

describe('/admin/dashboard/vat', () => {
  it("preselects this quarter on the shop's clock and shows sales by emirate, totals, adjustments and VAT due", async () => {
    // 00:30 on 1 October in Dubai, still 30 September in UTC: the quarter is Q4.
    clockAt('2026-09-30T20:30:00Z');
    const api = stub((from, to) => vatReport(from, to, { Dubai: 452, 'Not given': 100 }, 1.48));
    renderVat();

    const table = await screen.findByRole('table', { name: 'Sales by emirate' });
    expect(api.sent('GET', '/api/v1/reports/vat')[0]!.search).toBe('?from=2026-10-01&to=2026-12-31');
    expect(screen.getByRole('button', { name: 'Q4 2026' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-12-31');

    const rows = within(table).getAllByRole('row');
    // Header, eight emirates (every one, in order), total sales, adjustments, net VAT due.
    expect(rows).toHaveLength(12);
    expect(rows.slice(1, 9).map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      ...VAT_REPORT_EMIRATES,
    ]);
    expect(rows[2]).toHaveTextContent('DubaiDhs 90.40Dhs 4.52');
    expect(rows[3]).toHaveTextContent('SharjahDhs 0.00Dhs 0.00');
    expect(rows[9]).toHaveTextContent('Total salesDhs 110.40Dhs 5.52');
    expect(rows[10]).toHaveTextContent('Adjustments (credit notes)-Dhs 29.60-Dhs 1.48');
    expect(rows[11]).toHaveTextContent('Net VAT dueDhs 4.04');
    expect(screen.getByText(/2 tax invoices and 1 credit note from 2026-10-01 to 2026-12-31/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'VAT' })).toHaveAttribute('aria-current', 'page');
  });

  it('23:30 in Dubai on the last day of a quarter is still that quarter; quick choices go back three more', async () => {
    clockAt('2026-09-30T19:30:00Z');
    const user = userEvent.setup();
    const api = stub((from, to) => vatReport(from, to, { Ajman: 95 }));
    const router = renderVat();
    await screen.findByRole('table', { name: 'Sales by emirate' });
    expect(api.sent('GET', '/api/v1/reports/vat')[0]!.search).toBe('?from=2026-07-01&to=2026-09-30');
    const quarters = within(screen.getByRole('group', { name: 'Quarter' })).getAllByRole('button');
    expect(quarters.map((b) => b.textContent)).toEqual(['Q3 2026', 'Q2 2026', 'Q1 2026', 'Q4 2025']);

    await user.click(screen.getByRole('button', { name: 'Q4 2025' }));
    await waitFor(() => expect(api.sent('GET', '/api/v1/reports/vat')).toHaveLength(2));
    expect(api.sent('GET', '/api/v1/reports/vat')[1]!.search).toBe('?from=2025-10-01&to=2025-12-31');
    expect(router.state.location.search).toBe('?from=2025-10-01&to=2025-12-31');
    expect(screen.getByRole('button', { name: 'Q4 2025' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('From')).toHaveValue('2025-10-01');
  });

  it('asks for any period with the keyboard; a period the API would refuse shows the field message and asks nothing', async () => {
    clockAt('2026-11-26T08:00:00Z');
    const user = userEvent.setup();
    const api = stub((from, to) => vatReport(from, to, { Dubai: 100 }));
    renderVat();
    await screen.findByRole('table', { name: 'Sales by emirate' });

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-09-01');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(VatReportMessages.range)).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('GET', '/api/v1/reports/vat')).toHaveLength(1);

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-07-15');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(api.sent('GET', '/api/v1/reports/vat')).toHaveLength(2));
    expect(api.sent('GET', '/api/v1/reports/vat')[1]!.search).toBe('?from=2026-07-15&to=2026-09-01');
    expect(screen.queryByText(VatReportMessages.range)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Q4 2026' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('reads the period from the URL; a bad one falls back to this quarter', async () => {
    clockAt('2026-11-26T08:00:00Z');
    const api = stub((from, to) => vatReport(from, to));
    renderVat(RoleName.Admin, `${Routes.adminVat}?from=2026-12-01&to=2026-01-01`);
    await screen.findByText(/No tax invoices or credit notes were issued in this period/);
    expect(api.sent('GET', '/api/v1/reports/vat')[0]!.search).toBe('?from=2026-10-01&to=2026-12-31');
  });

  it('an empty period says so and offers no CSV', async () => {
    clockAt('2026-11-26T08:00:00Z');
    stub((from, to) => vatReport(from, to));
    renderVat();
    expect(await screen.findByText('No tax invoices or credit notes were issued in this period.')).toBeInTheDocument();
    expect(screen.getByText(/0 tax invoices and 0 credit notes/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the return cannot load', async () => {
    clockAt('2026-11-26T08:00:00Z');
    const user = userEvent.setup();
    let fail = true;
    stub((from, to) =>
      fail ? Response.json({ title: 'Error', status: 500 }, { status: 500 }) : vatReport(from, to, { Dubai: 100 }),
    );
    renderVat();
    const retry = await screen.findByRole('button', { name: /try again/i });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('table', { name: 'Sales by emirate' })).toBeInTheDocument();
  });

  it("downloads the period's documents as CSV with the bearer token", async () => {
    clockAt('2026-11-26T08:00:00Z');
    tokenStore.set('admin-token');
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:csv'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const api = answerApi(({ path, url }) =>
      path === '/api/v1/reports/vat.csv'
        ? new Response('Type,Number\nTax invoice,INV-2026-000001\n', {
            headers: {
              'Content-Type': 'text/csv',
              'Content-Disposition': 'attachment; filename="vat-2026-10-01-to-2026-12-31.csv"',
            },
          })
        : Response.json(vatReport(url.searchParams.get('from')!, url.searchParams.get('to')!, { Dubai: 100 })),
    );
    const user = userEvent.setup();
    renderVat();
    await screen.findByRole('table', { name: 'Sales by emirate' });

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const csv = api.sent('GET', '/api/v1/reports/vat.csv')[0]!;
    expect(csv.search).toBe('?from=2026-10-01&to=2026-12-31');
    expect(Object.fromEntries(csv.headers)).toMatchObject({ authorization: 'Bearer admin-token', accept: 'text/csv' });
    expect(await saved[0]!.text()).toBe('Type,Number\nTax invoice,INV-2026-000001\n');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('vat-2026-10-01-to-2026-12-31.csv');
  });

  it('a Supervisor has no VAT link and is told the page is not theirs', async () => {
    const api = stub((from, to) => vatReport(from, to));
    renderVat(RoleName.Supervisor);
    expect(await screen.findByRole('alert')).toHaveTextContent(AuthMessages.permissionMissing);
    expect(screen.queryByRole('link', { name: 'VAT' })).not.toBeInTheDocument();
    expect(api.sent('GET', '/api/v1/reports/vat')).toHaveLength(0);
  });
});
