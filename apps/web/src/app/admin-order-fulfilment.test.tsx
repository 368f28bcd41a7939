import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderStatus, RoleName } from '@bookshop/contracts/enums';
import { CARRIERS, FulfilmentMessages, type Shipment } from '@bookshop/contracts/fulfilment';
import type { StaffOrder } from '@bookshop/contracts/orders';
import { Routes } from '@bookshop/contracts/routes';
import { tokenStore } from '../lib/api-client.ts';
import { DashboardLayout } from '../features/staff/components/dashboard-layout.tsx';
import { makeViewer } from '../features/staff/testing/render-dashboard.tsx';
import { answerApi, problem, type ApiReply } from '../test/network.ts';
import { makeStaffOrder, orderPage } from '../test/order-fixtures.ts';
import { createTestQueryClient } from '../test/render.tsx';
import { Toaster, toast } from '../ui/toast.tsx';
import { AdminOrderRoute, AdminOrdersRoute } from './admin-order-routes.tsx';

/** Staff pack, ship and deliver an order from its admin page (issue 22). */

function renderOrder(role: RoleName, id = 7) {
  const router = createMemoryRouter(
    [
      {
        path: Routes.adminDashboard,
        element: <DashboardLayout viewer={makeViewer(role)} refreshSession={() => Promise.resolve(true)} />,
        children: [{ path: Routes.adminOrder, element: <AdminOrderRoute /> }],
      },
    ],
    { initialEntries: [`/admin/dashboard/orders/${id}`] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  toast.reset();
  tokenStore.set(null);
});

const parcel = (overrides: Partial<Shipment> = {}): Shipment => ({
  id: 31,
  carrier: 'aramex',
  carrierName: 'Aramex',
  trackingNumber: '35123456789',
  trackingUrl: 'https://www.aramex.com/track/results?ShipmentNumber=35123456789',
  status: 'shipped',
  shippedAt: '2026-11-24T06:30:00.000Z',
  deliveredAt: null,
  lines: [{ bookId: 3, quantity: 2 }],
  ...overrides,
});

/** The order's API: GET answers the order as it now is; each fulfilment call answers what `next` gives. */
function stubOrder(
  order: StaffOrder,
  next: (method: string, path: string) => ApiReply | Response | undefined = () => undefined,
) {
  let current = order;
  return answerApi(({ method, path }) => {
    if (path === '/api/v1/carriers') return { body: CARRIERS };
    if (method === 'GET' && path === `/api/v1/orders/${order.id}`) return { body: current };
    const reply = next(method, path);
    if (reply && !(reply instanceof Response) && (reply.status ?? 200) < 300) current = reply.body as StaffOrder;
    return reply;
  });
}

describe('fulfilment on /admin/dashboard/orders/:id', () => {
  it('a User (no orders:fulfil) sees no fulfilment buttons', async () => {
    stubOrder(makeStaffOrder({ id: 7 }));
    renderOrder(RoleName.User);
    await screen.findByRole('heading', { name: /Order BK-000007/ });
    expect(screen.queryByRole('button', { name: 'Mark as packed' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ship' })).toBeNull();
  });

  it('an unpaid order offers no packing or shipping', async () => {
    stubOrder(makeStaffOrder({ id: 7, status: OrderStatus.Pending }));
    renderOrder(RoleName.Supervisor);
    await screen.findByRole('heading', { name: /Order BK-000007/ });
    expect(screen.queryByRole('button', { name: 'Mark as packed' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ship' })).toBeNull();
  });

  it("'Mark as packed' asks first, then packs and shows the badge; 'Not now' sends nothing", async () => {
    const order = makeStaffOrder({ id: 7 });
    const api = stubOrder(order, (method, path) =>
      method === 'PATCH' && path === '/api/v1/orders/7/fulfilment'
        ? { body: { ...order, fulfilmentStatus: 'packed', fulfilmentStatusName: 'Packed' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderOrder(RoleName.Supervisor);
    await user.click(await screen.findByRole('button', { name: 'Mark as packed' }));
    let dialog = screen.getByRole('dialog', { name: 'Mark order BK-000007 as packed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(api.sent('PATCH', '/api/v1/orders/7/fulfilment')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Mark as packed' }));
    dialog = screen.getByRole('dialog', { name: 'Mark order BK-000007 as packed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as packed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('PATCH', '/api/v1/orders/7/fulfilment')[0]!.body).toEqual({ status: 'packed' });
    expect(await screen.findByText('Order BK-000007 is packed.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Order BK-000007/ }).parentElement).toHaveTextContent('Packed');
    expect(screen.queryByRole('button', { name: 'Mark as packed' })).toBeNull();
  });

  it("'Ship' sends the carrier and tracking number, and only the lowered lines for a partial parcel", async () => {
    const order = makeStaffOrder({ id: 7, fulfilmentStatus: 'packed', fulfilmentStatusName: 'Packed' });
    const api = stubOrder(order, (method, path) =>
      method === 'POST' && path === '/api/v1/orders/7/shipments'
        ? {
            status: 201,
            body: {
              ...order,
              fulfilmentStatus: 'partially-shipped',
              fulfilmentStatusName: 'Partially shipped',
              shipments: [parcel({ lines: [{ bookId: 3, quantity: 1 }] })],
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderOrder(RoleName.Supervisor);
    await user.click(await screen.findByRole('button', { name: 'Ship' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship order BK-000007' });
    await within(dialog).findByRole('option', { name: 'DHL Express' });
    // Every copy is in the parcel to begin with; a carrier with tracking needs its number.
    await user.click(within(dialog).getByRole('button', { name: 'Ship 3 copies' }));
    expect(within(dialog).getByText(FulfilmentMessages.trackingNumberRequired)).toBeInTheDocument();
    expect(api.sent('POST', '/api/v1/orders/7/shipments')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Carrier'), 'Aramex');
    await user.type(within(dialog).getByLabelText('Tracking number'), '35123456789');
    const emma = within(dialog).getByLabelText('Emma (2 left to ship)');
    await user.clear(emma);
    await user.type(emma, '1');
    const persuasion = within(dialog).getByLabelText('Persuasion (1 left to ship)');
    await user.clear(persuasion);
    await user.type(persuasion, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Ship 1 copy' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', '/api/v1/orders/7/shipments')[0]!.body).toEqual({
      carrier: 'aramex',
      trackingNumber: '35123456789',
      lines: [{ bookId: 3, quantity: 1 }],
    });
    expect(await screen.findByText('Part of order BK-000007 is on its way.')).toBeInTheDocument();
    const shipments = screen.getByRole('region', { name: 'Shipments' });
    expect(within(shipments).getByRole('link', { name: /Track your parcel/ })).toHaveAttribute(
      'href',
      'https://www.aramex.com/track/results?ShipmentNumber=35123456789',
    );
  });

  it("the shop's van needs no tracking number, and every copy left ships without naming lines", async () => {
    const order = makeStaffOrder({ id: 7 });
    const api = stubOrder(order, (method, path) =>
      method === 'POST' && path === '/api/v1/orders/7/shipments'
        ? { status: 201, body: { ...order, fulfilmentStatus: 'shipped', fulfilmentStatusName: 'Shipped' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderOrder(RoleName.Admin);
    await user.click(await screen.findByRole('button', { name: 'Ship' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship order BK-000007' });
    await within(dialog).findByRole('option', { name: 'Shop courier' });
    await user.selectOptions(within(dialog).getByLabelText('Carrier'), 'Shop courier');
    expect(within(dialog).getByLabelText('Tracking number (optional)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ship 3 copies' }));
    await waitFor(() => expect(api.sent('POST', '/api/v1/orders/7/shipments')).toHaveLength(1));
    expect(api.sent('POST', '/api/v1/orders/7/shipments')[0]!.body).toEqual({ carrier: 'shop-courier' });
  });

  it("shows the API's refusal inside the Ship dialog", async () => {
    const order = makeStaffOrder({ id: 7 });
    stubOrder(order, (method) =>
      method === 'POST'
        ? problem(400, 'Validation Failed', {
            detail: FulfilmentMessages.lineTooMany('Emma', 1),
            errors: { 'lines.0.quantity': [FulfilmentMessages.lineTooMany('Emma', 1)] },
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderOrder(RoleName.Supervisor);
    await user.click(await screen.findByRole('button', { name: 'Ship' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship order BK-000007' });
    await user.type(within(dialog).getByLabelText('Tracking number'), 'ABC-1234');
    await user.click(within(dialog).getByRole('button', { name: 'Ship 3 copies' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FulfilmentMessages.lineTooMany('Emma', 1));
  });

  it("'Mark as delivered' per parcel asks first, then delivers; a shipped order has no Cancel order", async () => {
    const order = makeStaffOrder({
      id: 7,
      fulfilmentStatus: 'shipped',
      fulfilmentStatusName: 'Shipped',
      shipments: [
        parcel({
          lines: [
            { bookId: 3, quantity: 2 },
            { bookId: 4, quantity: 1 },
          ],
        }),
      ],
    });
    const api = stubOrder(order, (method, path) =>
      method === 'PATCH' && path === '/api/v1/orders/7/shipments/31'
        ? {
            body: {
              ...order,
              fulfilmentStatus: 'delivered',
              fulfilmentStatusName: 'Delivered',
              shipments: [{ ...order.shipments[0]!, status: 'delivered', deliveredAt: '2026-11-24T10:00:00.000Z' }],
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderOrder(RoleName.Supervisor);
    await screen.findByRole('heading', { name: /Order BK-000007/ });
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ship' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mark as delivered (parcel 1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark parcel 1 of order BK-000007 as delivered?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as delivered' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('PATCH', '/api/v1/orders/7/shipments/31')[0]!.body).toEqual({ status: 'delivered' });
    expect(await screen.findByText('Parcel 1 of order BK-000007 is delivered.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Order BK-000007/ }).parentElement).toHaveTextContent('Delivered');
    expect(screen.queryByRole('button', { name: /Mark as delivered/ })).toBeNull();
  });
  it('an unpaid cash-on-delivery parcel: delivering records the cash collected; Cancel order stays for a refused parcel', async () => {
    const order = makeStaffOrder({
      id: 7,
      status: OrderStatus.Pending,
      statusName: 'Pending',
      paymentMethod: 'cod',
      codFee: 10,
      total: 140,
      fulfilmentStatus: 'shipped',
      fulfilmentStatusName: 'Shipped',
      shipments: [
        parcel({ carrier: 'shop-courier', carrierName: 'Shop courier', trackingNumber: null, trackingUrl: null }),
      ],
    });
    const api = stubOrder(order, (method, path) =>
      method === 'PATCH' && path === '/api/v1/orders/7/shipments/31'
        ? { body: { ...order, status: OrderStatus.Completed, statusName: 'Completed' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderOrder(RoleName.Supervisor);
    await screen.findByRole('heading', { name: /Order BK-000007/ });
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as delivered (parcel 1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark parcel 1 of order BK-000007 as delivered?' });
    expect(dialog).toHaveTextContent('collected Dhs 140.00 in cash');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as delivered' }));
    await waitFor(() => expect(api.sent('PATCH', '/api/v1/orders/7/shipments/31')).toHaveLength(1));
    expect(api.sent('PATCH', '/api/v1/orders/7/shipments/31')[0]!.body).toEqual({
      status: 'delivered',
      cashCollected: true,
    });
  });

  it("'Packing slip' opens the printable slip, fetched with the bearer token, in a new tab", async () => {
    tokenStore.set('staff-token');
    const slips: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (slips.push(blob), 'blob:slip'),
        revokeObjectURL: vi.fn(),
      }),
    );
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const order = makeStaffOrder({ id: 7 });
    const api = stubOrder(order, (method, path) =>
      path === '/api/v1/orders/7/packing-slip'
        ? new Response('<h1>BK-000007</h1>', { headers: { 'Content-Type': 'text/html' } })
        : undefined,
    );
    const user = userEvent.setup();
    renderOrder(RoleName.Supervisor);
    await user.click(await screen.findByRole('button', { name: 'Packing slip (opens a new tab)' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:slip'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(await slips[0]!.text()).toBe('<h1>BK-000007</h1>');
    expect(Object.fromEntries(api.sent('GET', '/api/v1/orders/7/packing-slip')[0]!.headers)).toMatchObject({
      authorization: 'Bearer staff-token',
    });
    open.mockRestore();
  });
});

describe('fulfilment on /admin/dashboard/orders', () => {
  function renderOrders(at: string) {
    const router = createMemoryRouter(
      [
        {
          path: Routes.adminDashboard,
          element: <DashboardLayout viewer={makeViewer(RoleName.User)} refreshSession={() => Promise.resolve(true)} />,
          children: [{ path: Routes.adminOrders, element: <AdminOrdersRoute /> }],
        },
      ],
      { initialEntries: [at] },
    );
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  }

  it("shows the 'To ship' count and each order's fulfilment badge", async () => {
    answerApi(({ path }) =>
      path === '/api/v1/orders/to-ship-count'
        ? { body: { toShip: 4 } }
        : path === '/api/v1/orders'
          ? {
              body: orderPage([
                makeStaffOrder({ id: 12, fulfilmentStatus: 'packed', fulfilmentStatusName: 'Packed' }),
                makeStaffOrder({ id: 11, status: OrderStatus.Pending }),
              ]),
            }
          : undefined,
    );
    renderOrders(Routes.adminOrders);
    expect(await screen.findByText('To ship:')).toHaveTextContent('To ship: 4');
    const table = await screen.findByRole('table', { name: 'Orders, newest first' });
    const [packed, pending] = within(table).getAllByRole('row').slice(1);
    expect(within(packed!).getAllByRole('cell')[3]).toHaveTextContent('CompletedPacked');
    expect(within(pending!).getAllByRole('cell')[3]).toHaveTextContent(/^Pending$/);
  });

  it('filters by fulfilment status through the URL, and reads it back from a shared link', async () => {
    const api = answerApi(({ path }) =>
      path === '/api/v1/orders' ? { body: orderPage([makeStaffOrder({ id: 12 })]) } : undefined,
    );
    const user = userEvent.setup();
    const router = renderOrders(Routes.adminOrders);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Fulfilment'), 'Packed');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?fulfilmentStatus=packed'));
    await waitFor(() =>
      expect(api.sent('GET', '/api/v1/orders').at(-1)!.search).toBe('?pageNo=1&pageSize=10&fulfilmentStatus=packed'),
    );
    cleanup();

    const shared = answerApi(({ path }) => (path === '/api/v1/orders' ? { body: orderPage([]) } : undefined));
    renderOrders(`${Routes.adminOrders}?fulfilmentStatus=partially-shipped`);
    await screen.findByText('No orders match these filters.');
    expect(screen.getByLabelText('Fulfilment')).toHaveValue('partially-shipped');
    expect(shared.sent('GET', '/api/v1/orders')[0]!.search).toBe(
      '?pageNo=1&pageSize=10&fulfilmentStatus=partially-shipped',
    );
  });
});
