import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderStatus } from '@bookshop/contracts/enums';
import { RoleName } from '@bookshop/contracts/enums';
import { Messages } from '@bookshop/contracts/messages';
import { OrderMessages, type StaffOrder } from '@bookshop/contracts/orders';
import { Routes } from '@bookshop/contracts/routes';
import { tokenStore } from '../lib/api-client.ts';
import { DashboardLayout } from '../features/staff/components/dashboard-layout.tsx';
import { makeViewer } from '../features/staff/testing/render-dashboard.tsx';
import { answerApi, type ApiReply } from '../test/network.ts';
import { makeStaffOrder, orderPage } from '../test/order-fixtures.ts';
import { createTestQueryClient } from '../test/render.tsx';
import { Toaster, toast } from '../ui/toast.tsx';
import { AdminOrderRoute, AdminOrdersRoute } from './admin-order-routes.tsx';

function renderAdmin(role: RoleName, at: string) {
  const router = createMemoryRouter(
    [
      {
        path: Routes.adminDashboard,
        element: <DashboardLayout viewer={makeViewer(role)} refreshSession={() => Promise.resolve(true)} />,
        children: [
          { path: Routes.adminOrders, element: <AdminOrdersRoute /> },
          { path: Routes.adminOrder, element: <AdminOrderRoute /> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  toast.reset();
  tokenStore.set(null);
});

describe('/admin/dashboard/orders', () => {
  it('lists every order in a table with a link to each, newest first as the API sends them', async () => {
    const api = answerApi(({ path }) =>
      path === '/api/v1/orders'
        ? { body: orderPage([makeStaffOrder({ id: 12 }), makeStaffOrder({ id: 11, status: OrderStatus.Pending })]) }
        : undefined,
    );
    renderAdmin(RoleName.User, Routes.adminOrders);

    const table = await screen.findByRole('table', { name: 'Orders, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Order', 'Placed', 'Customer', 'Status', 'Books', 'Total']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'BK-000012' })).toHaveAttribute(
      'href',
      '/admin/dashboard/orders/12',
    );
    expect(within(rows[0]!).getByText('reader@example.com')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Dhs 130.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Pending')).toBeInTheDocument();
    expect(api.requests[0]!.search).toBe('?pageNo=1&pageSize=10');
  });

  it('marks the orders placed in TEST MODE with a TEST badge beside their status', async () => {
    answerApi(({ path }) =>
      path === '/api/v1/orders'
        ? { body: orderPage([makeStaffOrder({ id: 12, testMode: true }), makeStaffOrder({ id: 11 })]) }
        : undefined,
    );
    renderAdmin(RoleName.User, Routes.adminOrders);

    const table = await screen.findByRole('table', { name: 'Orders, newest first' });
    const [sandboxRow, stripeRow] = within(table).getAllByRole('row').slice(1);
    const status = within(sandboxRow!).getAllByRole('cell')[3]!;
    expect(within(status).getByText('Completed')).toBeInTheDocument();
    expect(status).toHaveTextContent('CompletedUnfulfilledTEST (Placed in TEST MODE: no card was charged)');
    expect(within(stripeRow!).queryByText('TEST')).not.toBeInTheDocument();
  });

  it('puts the filters, page size and page in the URL and sends them', async () => {
    const api = answerApi(({ path }) =>
      path === '/api/v1/orders'
        ? { body: orderPage([makeStaffOrder({ id: 12 })], { currentPage: 1, totalPages: 3, pageSize: 10 }) }
        : undefined,
    );
    const user = userEvent.setup();
    const router = renderAdmin(RoleName.User, Routes.adminOrders);
    await screen.findByRole('table');

    await user.selectOptions(screen.getByLabelText('Status'), 'Completed');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-23');
    await user.type(screen.getByLabelText('Customer'), 'reader');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=2&from=2026-11-01&to=2026-11-23&customer=reader'),
    );
    await waitFor(() =>
      expect(api.requests.at(-1)!.search).toBe(
        '?pageNo=1&pageSize=10&status=2&from=2026-11-01&to=2026-11-23&customer=reader',
      ),
    );

    await user.selectOptions(screen.getByLabelText('Orders per page'), '25');
    await waitFor(() => expect(api.requests.at(-1)!.search).toContain('pageSize=25'));
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toContain('pageSize=25&pageNo=2'));
    expect(api.requests.at(-1)!.search).toBe(
      '?pageNo=2&pageSize=25&status=2&from=2026-11-01&to=2026-11-23&customer=reader',
    );
  });

  it('refuses a start date after the end date before asking the API', async () => {
    const api = answerApi(({ path }) => (path === '/api/v1/orders' ? { body: orderPage([]) } : undefined));
    const user = userEvent.setup();
    renderAdmin(RoleName.User, Routes.adminOrders);
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('From'), '2026-11-23');
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    expect(screen.getByText(OrderMessages.dateRange)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(api.sent('GET', '/api/v1/orders')).toHaveLength(1);
  });

  it('downloads the filtered orders as CSV with the bearer token', async () => {
    tokenStore.set('staff-token');
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:csv'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const api = answerApi(({ path }) =>
      path === '/api/v1/orders/export.csv'
        ? new Response('id,total\n12,130.00\n', {
            headers: {
              'Content-Type': 'text/csv',
              'Content-Disposition': 'attachment; filename="orders-2026-11-23.csv"',
            },
          })
        : Response.json(orderPage([makeStaffOrder({ id: 12 })])),
    );
    const user = userEvent.setup();
    renderAdmin(RoleName.User, `${Routes.adminOrders}?status=3&customer=reader`);
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const exported = api.requests.find(({ path }) => path.includes('export.csv'))!;
    expect(exported.path + exported.search).toBe('/api/v1/orders/export.csv?status=3&customer=reader');
    expect(Object.fromEntries(exported.headers)).toMatchObject({
      authorization: 'Bearer staff-token',
      accept: 'text/csv',
    });
    expect(await saved[0]!.text()).toBe('id,total\n12,130.00\n');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('orders-2026-11-23.csv');
    click.mockRestore();
  });

  it('shows an error with a retry when the list cannot load', async () => {
    answerApi(({ path }) =>
      path === '/api/v1/orders' ? { status: 500, body: { title: 'Error', status: 500 } } : undefined,
    );
    renderAdmin(RoleName.User, Routes.adminOrders);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/admin/dashboard/orders/:id', () => {
  function stubOrder(initial: StaffOrder, onCancel?: (body: unknown) => { status?: number; body: unknown }) {
    let current = initial;
    return answerApi(({ method, path, body }) => {
      if (method === 'GET' && path === `/api/v1/orders/${initial.id}`) return { body: current };
      if (method === 'PATCH' && path === `/api/v1/orders/${initial.id}/status` && onCancel) {
        const answer = onCancel(body);
        if (!answer.status) current = answer.body as StaffOrder;
        return answer;
      }
      return undefined;
    });
  }

  it('shows the customer, lines, totals, delivery and history', async () => {
    stubOrder(makeStaffOrder({ id: 7 }));
    renderAdmin(RoleName.User, '/admin/dashboard/orders/7');

    expect(await screen.findByRole('heading', { name: /Order BK-000007/ })).toBeInTheDocument();
    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(within(customer).getByText('reader')).toBeInTheDocument();
    expect(within(customer).getByText('reader@example.com')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Books in this order' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Delivery (Standard Delivery)')).toBeInTheDocument();
    expect(screen.getByText('Dhs 130.00')).toBeInTheDocument();
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('Standard Delivery');
    expect(delivery).toHaveTextContent('12 Palm Street');
    expect(screen.queryByRole('region', { name: 'Cancellation' })).not.toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Status history' });
    expect(within(history).getAllByText(/\d{2}\/\d{2}\/2026, \d{1,2}:\d{2} (AM|PM)/)).toHaveLength(2);
  });

  it('names whom the courier hands the parcel to, and the emirate (decision 079)', async () => {
    const order = makeStaffOrder({ id: 8 });
    stubOrder({
      ...order,
      address: { ...order.address, city: 'Khor Fakkan', emirate: 'Sharjah', recipientName: 'Omar Saleh' },
    });
    renderAdmin(RoleName.User, '/admin/dashboard/orders/8');
    const delivery = await screen.findByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('For Omar Saleh');
    expect(delivery).toHaveTextContent('Khor Fakkan, Sharjah');
  });

  it("links the order's invoice and credit notes (decision 085)", async () => {
    const invoice = {
      type: 'invoice' as const,
      number: 'INV-2026-000012',
      issuedAt: '2026-11-23T11:07:00.000Z',
      total: 130,
      vatAmount: 6.19,
      url: '/api/v1/orders/7/invoice',
    };
    const creditNote = {
      ...invoice,
      type: 'credit-note' as const,
      number: 'CN-2026-000003',
      url: '/api/v1/orders/7/credit-notes/CN-2026-000003',
    };
    stubOrder(makeStaffOrder({ id: 7, documents: [invoice, creditNote] }));
    renderAdmin(RoleName.User, '/admin/dashboard/orders/7');
    const documents = await screen.findByRole('region', { name: 'Invoices' });
    expect(within(documents).getByRole('link', { name: 'Download invoice' })).toHaveAttribute('href', invoice.url);
    expect(within(documents).getByRole('link', { name: 'Download credit note CN-2026-000003' })).toHaveAttribute(
      'href',
      creditNote.url,
    );
  });

  it('marks an order placed in TEST MODE with a TEST badge in its title, and no other', async () => {
    stubOrder(makeStaffOrder({ id: 7, testMode: true }));
    renderAdmin(RoleName.User, '/admin/dashboard/orders/7');
    expect(
      await screen.findByRole('heading', {
        name: 'Order BK-000007 Completed TEST (Placed in TEST MODE: no card was charged)',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('TEST')).toHaveAttribute('title', 'Placed in TEST MODE: no card was charged');
  });

  it('shows no TEST badge on an order paid through Stripe', async () => {
    stubOrder(makeStaffOrder({ id: 8, testMode: false }));
    renderAdmin(RoleName.User, '/admin/dashboard/orders/8');
    expect(await screen.findByRole('heading', { name: 'Order BK-000008 Completed' })).toBeInTheDocument();
    expect(screen.queryByText('TEST')).not.toBeInTheDocument();
  });

  it('opened from the table, reads the order and its customer from GET v1/orders/{id}', async () => {
    const api = answerApi(({ path }) => {
      if (path === '/api/v1/orders') return { body: orderPage([makeStaffOrder({ id: 7 })]) };
      if (path === '/api/v1/orders/7') {
        return { body: makeStaffOrder({ id: 7, customerUserName: 'dora', customerEmail: 'dora@example.com' }) };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAdmin(RoleName.User, Routes.adminOrders);
    await user.click(await screen.findByRole('link', { name: 'BK-000007' }));
    const customer = await screen.findByRole('region', { name: 'Customer' });
    expect(within(customer).getByText('dora')).toBeInTheDocument();
    expect(within(customer).getByRole('link', { name: 'dora@example.com' })).toHaveAttribute(
      'href',
      'mailto:dora@example.com',
    );
    expect(api.sent('GET', '/api/v1/orders/7')).toHaveLength(1);
  });

  it('shows a spinner while the order loads', async () => {
    let answer: (response: ApiReply) => void = () => {};
    answerApi(({ path }) =>
      path === '/api/v1/orders/7' ? new Promise<ApiReply>((resolve) => (answer = resolve)) : undefined,
    );
    renderAdmin(RoleName.User, '/admin/dashboard/orders/7');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the order');
    answer({ body: makeStaffOrder({ id: 7 }) });
    expect(await screen.findByRole('heading', { name: /Order BK-000007/ })).toBeInTheDocument();
    expect(screen.queryByText('Loading the order')).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the order cannot load, and the order once it can', async () => {
    let failing = true;
    const api = answerApi(({ path }) => {
      if (path !== '/api/v1/orders/7') return undefined;
      return failing ? { status: 500, body: { title: 'Error', status: 500 } } : { body: makeStaffOrder({ id: 7 }) };
    });
    const user = userEvent.setup();
    renderAdmin(RoleName.User, '/admin/dashboard/orders/7');
    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.listError);
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: /Order BK-000007/ })).toBeInTheDocument();
    expect(api.sent('GET', '/api/v1/orders/7')).toHaveLength(2);
  });

  it('says an id that cannot be an order is not found, without asking the API', async () => {
    const api = answerApi(() => undefined);
    renderAdmin(RoleName.User, '/admin/dashboard/orders/abc');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to orders' })).toHaveAttribute('href', Routes.adminOrders);
    expect(api.sent('GET', '/api/v1/orders/abc')).toHaveLength(0);
  });

  it('has no Cancel order button for a User (orders:view only)', async () => {
    stubOrder(makeStaffOrder({ id: 7 }));
    renderAdmin(RoleName.User, '/admin/dashboard/orders/7');
    await screen.findByRole('heading', { name: /Order BK-000007/ });
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('has no Cancel order button on a cancelled order, and shows its reason and refund', async () => {
    stubOrder(
      makeStaffOrder({ id: 7, status: OrderStatus.Cancelled, cancelReason: 'Out of print', refundStatus: 'refunded' }),
    );
    renderAdmin(RoleName.Supervisor, '/admin/dashboard/orders/7');
    const cancellation = await screen.findByRole('region', { name: 'Cancellation' });
    expect(within(cancellation).getByText('Out of print')).toBeInTheDocument();
    expect(within(cancellation).getByText('Refunded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('cancels a paid order with a reason, saying the customer is refunded, and updates the page', async () => {
    const order = makeStaffOrder({ id: 7, status: OrderStatus.Completed });
    const api = stubOrder(order, () => ({
      body: {
        ...order,
        status: OrderStatus.Cancelled,
        statusName: 'Cancelled',
        cancelReason: 'Damaged in the warehouse',
        refundStatus: 'pending',
      },
    }));
    const user = userEvent.setup();
    renderAdmin(RoleName.Supervisor, '/admin/dashboard/orders/7');
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));

    const dialog = screen.getByRole('dialog', { name: 'Cancel order BK-000007?' });
    expect(dialog).toHaveAccessibleDescription(/will be refunded in full/);
    expect(dialog).toHaveAccessibleDescription(/Dhs 130\.00/);
    // No reason: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(within(dialog).getByText(OrderMessages.reasonRequired)).toBeInTheDocument();
    expect(api.sent('PATCH', '/api/v1/orders/7/status')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Damaged in the warehouse');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('PATCH', '/api/v1/orders/7/status')[0]!.body).toEqual({
      status: OrderStatus.Cancelled,
      reason: 'Damaged in the warehouse',
    });
    expect(await screen.findByText(OrderMessages.refunded)).toBeInTheDocument();
    const cancellation = await screen.findByRole('region', { name: 'Cancellation' });
    expect(within(cancellation).getByText('Damaged in the warehouse')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('says a Pending order is released, not refunded', async () => {
    stubOrder(makeStaffOrder({ id: 8, status: OrderStatus.Pending }));
    const user = userEvent.setup();
    renderAdmin(RoleName.Supervisor, '/admin/dashboard/orders/8');
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleDescription(/reserved copies will be released/);
    expect(dialog).not.toHaveAccessibleDescription(/will be refunded/);
  });

  it('shows a 409 inside the dialog', async () => {
    const order = makeStaffOrder({ id: 7, status: OrderStatus.Completed });
    stubOrder(order, () => ({
      status: 409,
      body: { title: 'Conflict', status: 409, detail: OrderMessages.alreadyCancelled },
    }));
    const user = userEvent.setup();
    renderAdmin(RoleName.Admin, '/admin/dashboard/orders/7');
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Twice');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(OrderMessages.alreadyCancelled);
  });

  it('says when the order does not exist', async () => {
    answerApi(() => undefined);
    renderAdmin(RoleName.User, '/admin/dashboard/orders/999');
    expect(await screen.findByText(OrderMessages.notFound)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
  });
});
