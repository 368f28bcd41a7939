import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { StaffReturn } from '@bookshop/contracts/returns';
import { answerApi } from '../../../test/network.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { Toaster } from '../../../ui/toast.tsx';
import { AdminReturnsPage } from './admin-returns-page.tsx';

const aReturn = (overrides: Partial<StaffReturn>): StaffReturn => ({
  id: 7,
  orderId: 10,
  orderNumber: 'BK-000010',
  customerEmail: 'alice@example.com',
  status: 'requested',
  statusName: 'Return requested',
  lines: [{ bookId: 3, title: 'Emma', quantity: 1, price: 40 }],
  reason: 'The cover arrived torn.',
  refundAmount: 40,
  refundStatus: null,
  restocked: false,
  createdAt: '2026-11-23T11:05:00.000Z',
  events: [],
  ...overrides,
});

function stub(list: StaffReturn[]) {
  return answerApi((request) => {
    if (request.method === 'GET' && request.path === '/api/v1/returns')
      return {
        body: {
          data: list,
          paginationDetails: { currentPage: 1, totalPages: 1, noOfRecords: list.length, pageSize: 25 },
        },
      };
    if (request.method === 'PATCH') return { body: { ...list[0]!, ...(request.body as object) } };
    return undefined;
  });
}

function renderPage() {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>
        <AdminReturnsPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('/admin/dashboard/returns', () => {
  it('lists requested returns first; Reject asks first, and keeping it sends nothing', async () => {
    const user = userEvent.setup();
    const api = stub([aReturn({})]);
    renderPage();
    const row = (await screen.findByRole('heading', { name: /BK-000010/ })).closest('li')!;
    expect(api.sent('GET', '/api/v1/returns')[0]!.search).toContain('status=requested');
    expect(row).toHaveTextContent('The cover arrived torn.');

    await user.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this return?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it as it is' }));
    expect(api.sent('PATCH', '/api/v1/returns/7')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Reject' }));
    await user.click(await screen.findByRole('button', { name: 'Reject return' }));
    await waitFor(() => expect(api.sent('PATCH', '/api/v1/returns/7')).toHaveLength(1));
    expect(api.sent('PATCH', '/api/v1/returns/7')[0]!.body).toEqual({ status: 'rejected' });
  });

  it('receives an approved return, restocking when asked, after a confirmation naming the refund', async () => {
    const user = userEvent.setup();
    const api = stub([aReturn({ status: 'approved', statusName: 'Return approved' })]);
    renderPage();
    const row = (await screen.findByRole('heading', { name: /BK-000010/ })).closest('li')!;
    await user.click(within(row).getByRole('checkbox', { name: 'Put the books back in stock' }));
    await user.click(within(row).getByRole('button', { name: 'Receive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive this return?' });
    expect(dialog).toHaveTextContent('back in stock');
    await user.click(within(dialog).getByRole('button', { name: 'Receive and refund' }));
    await waitFor(() => expect(api.sent('PATCH', '/api/v1/returns/7')).toHaveLength(1));
    expect(api.sent('PATCH', '/api/v1/returns/7')[0]!.body).toEqual({ status: 'received', restock: true });
  });
});

describe('/admin/dashboard/returns, paged', () => {
  /** Three pages of two returns; each page's returns are numbered after it. */
  function stubPages() {
    return answerApi((request) => {
      if (request.method !== 'GET' || request.path !== '/api/v1/returns') return undefined;
      const pageNo = Number(new URLSearchParams(request.search).get('pageNo') ?? 1);
      return {
        body: {
          data: [1, 2].map((n) =>
            aReturn({ id: pageNo * 10 + n, orderId: pageNo * 10 + n, orderNumber: `BK-0000${pageNo}${n}` }),
          ),
          paginationDetails: { currentPage: pageNo, totalPages: 3, noOfRecords: 6, pageSize: 10 },
        },
      };
    });
  }

  function renderAt(url: string) {
    const router = createMemoryRouter([{ path: '/admin/dashboard/returns', element: <AdminReturnsPage /> }], {
      initialEntries: [url],
    });
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  }

  it('pages through the returns, keeping the page in the URL; a new status starts at page 1', async () => {
    const user = userEvent.setup();
    const api = stubPages();
    const router = renderAt('/admin/dashboard/returns');
    await screen.findByRole('heading', { name: /BK-000011/ });
    expect(api.sent('GET', '/api/v1/returns').at(-1)!.search).toBe('?status=requested&pageNo=1&pageSize=10');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('heading', { name: /BK-000021/ });
    expect(router.state.location.search).toBe('?pageNo=2');
    expect(api.sent('GET', '/api/v1/returns').at(-1)!.search).toBe('?status=requested&pageNo=2&pageSize=10');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByRole('heading', { name: /BK-000031/ });
    expect(router.state.location.search).toBe('?pageNo=3');

    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    await waitFor(() => expect(router.state.location.search).toBe('?status=all'));
    await screen.findByRole('heading', { name: /BK-000011/ });
    expect(api.sent('GET', '/api/v1/returns').at(-1)!.search).toBe('?pageNo=1&pageSize=10');

    await user.selectOptions(screen.getByLabelText('Returns per page'), '25');
    await waitFor(() => expect(router.state.location.search).toBe('?status=all&pageSize=25'));
    await waitFor(() => expect(api.sent('GET', '/api/v1/returns').at(-1)!.search).toBe('?pageNo=1&pageSize=25'));
  });

  it('opens at the page and status a shared link names', async () => {
    const api = stubPages();
    renderAt('/admin/dashboard/returns?status=received&pageNo=3');
    await screen.findByRole('heading', { name: /BK-000031/ });
    expect(api.sent('GET', '/api/v1/returns').at(-1)!.search).toBe('?status=received&pageNo=3&pageSize=10');
    expect(screen.getByLabelText('Status')).toHaveValue('received');
  });
});
