import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderStatus } from '@bookshop/contracts/enums';
import { CancelReasons, OrderMessages, type Order } from '@bookshop/contracts/orders';
import { leaveSiteFor } from '../../../lib/leave-site.ts';
import { answerApi, problem, type ApiRequest, type ApiReply } from '../../../test/network.ts';
import { makeOrder, orderPage } from '../../../test/order-fixtures.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { toast, Toaster } from '../../../ui/toast.tsx';
import { OrderPage } from '../pages/order-page.tsx';
import { OrdersSection } from './orders-section.tsx';

vi.mock('../../../lib/leave-site.ts', () => ({ leaveSiteFor: vi.fn() }));

const inHalfAnHour = () => new Date(Date.now() + 25 * 60_000).toISOString();
const pending = (overrides: Partial<Order> = {}) =>
  makeOrder({ id: 10, status: OrderStatus.Pending, expiresAt: inHalfAnHour(), ...overrides });
const cancelled = (reason: string) =>
  makeOrder({
    id: 10,
    status: OrderStatus.Cancelled,
    cancelReason: reason,
    history: [
      {
        status: OrderStatus.Pending,
        statusName: 'Pending',
        event: null,
        shipmentId: null,
        at: '2026-11-23T11:05:00.000Z',
      },
      {
        status: OrderStatus.Cancelled,
        statusName: 'Cancelled',
        event: null,
        shipmentId: null,
        at: '2026-11-23T11:09:00.000Z',
      },
    ],
  });

/** The API as the customer's orders change: `current()` is what the order is now. */
function stub(current: () => Order, extra: (request: ApiRequest) => ApiReply | undefined = () => undefined) {
  return answerApi((request) => {
    if (request.path === '/api/v1/orders/customer') return { body: orderPage([current(), makeOrder({ id: 9 })]) };
    if (request.method === 'GET' && request.path === '/api/v1/orders/10') return { body: current() };
    return extra(request);
  });
}

function renderAccount() {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>
        <OrdersSection />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

function renderOrderPage() {
  const router = createMemoryRouter([{ path: '/orders/:id', element: <OrderPage /> }], {
    initialEntries: ['/orders/10'],
  });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const rowOf = async (number: string) => (await screen.findByRole('link', { name: `Order ${number}` })).closest('li')!;

afterEach(() => {
  toast.reset();
  vi.mocked(leaveSiteFor).mockClear();
});

describe('a Pending order on /account', () => {
  it('offers Pay now, which goes back to its payment page; paid and cancelled orders offer nothing', async () => {
    const user = userEvent.setup();
    const url = 'http://localhost:3000/sandbox/checkout/cs_test_abc';
    const api = stub(pending, ({ path }) =>
      path === '/api/v1/orders/10/payment-session'
        ? { body: { orderId: 10, sessionId: 'cs_test_abc', url, expiresAt: inHalfAnHour() } }
        : undefined,
    );
    renderAccount();

    const row = await rowOf('BK-000010');
    expect(row).toHaveTextContent(/Awaiting payment: your books are held until \d{1,2}:\d{2} (AM|PM)\./);
    // Each button names its order, as there may be several in the list.
    await user.click(within(row).getByRole('button', { name: 'Pay now order BK-000010' }));
    await waitFor(() => expect(leaveSiteFor).toHaveBeenCalledWith(url));
    expect(api.sent('GET', '/api/v1/orders/10/payment-session')).toHaveLength(1);

    const paid = await rowOf('BK-000009');
    expect(within(paid).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a Pay now the API refuses (paid or cancelled meanwhile) reads the orders again and shows what became of it', async () => {
    const user = userEvent.setup();
    let order = pending();
    stub(
      () => order,
      ({ path }) => {
        if (path !== '/api/v1/orders/10/payment-session') return undefined;
        order = cancelled(CancelReasons.expired);
        return problem(409, 'Conflict', { detail: OrderMessages.notAwaitingPayment });
      },
    );
    renderAccount();

    await user.click(await screen.findByRole('button', { name: 'Pay now order BK-000010' }));
    const row = await rowOf('BK-000010');
    await waitFor(() => expect(row).toHaveTextContent('Cancelled'));
    expect(row).toHaveTextContent('Payment was not completed within 30 minutes');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(leaveSiteFor).not.toHaveBeenCalled();
  });

  it('Cancel asks first: Keep Order changes nothing; Cancel Order cancels it and the list shows why', async () => {
    const user = userEvent.setup();
    let order = pending();
    const api = stub(
      () => order,
      ({ method, path }) => {
        if (method !== 'POST' || path !== '/api/v1/orders/10/cancel') return undefined;
        order = cancelled(CancelReasons.byCustomer);
        return { body: order };
      },
    );
    renderAccount();

    const cancelButton = await screen.findByRole('button', { name: 'Cancel order BK-000010' });
    await user.click(cancelButton);
    let dialog = await screen.findByRole('dialog', { name: 'Cancel order BK-000010?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Order' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent('POST', '/api/v1/orders/10/cancel')).toHaveLength(0);

    await user.click(cancelButton);
    dialog = await screen.findByRole('dialog', { name: 'Cancel order BK-000010?' });
    expect(dialog).toHaveAccessibleDescription(
      'The books held for it go back on sale and its payment page closes. Your cart is kept.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));

    expect(await screen.findByText('Order cancelled.')).toBeInTheDocument();
    const row = await rowOf('BK-000010');
    await waitFor(() => expect(row).toHaveTextContent('Cancelled by the customer before payment'));
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(api.sent('POST', '/api/v1/orders/10/cancel')).toHaveLength(1);
  });

  it('one whose 30 minutes are up says why instead of offering to pay', async () => {
    stub(() => pending({ expiresAt: new Date(Date.now() - 60_000).toISOString() }));
    renderAccount();
    const row = await rowOf('BK-000010');
    expect(row).toHaveTextContent('Payment was not completed within 30 minutes.');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('a Pending order on /orders/:id', () => {
  it('offers Pay now and Cancel; once cancelled the page says why and offers neither', async () => {
    const user = userEvent.setup();
    let order = pending();
    stub(
      () => order,
      ({ method, path }) => {
        if (method !== 'POST' || path !== '/api/v1/orders/10/cancel') return undefined;
        order = cancelled(CancelReasons.byCustomer);
        return { body: order };
      },
    );
    renderOrderPage();

    expect(await screen.findByRole('heading', { name: /Order BK-000010/ })).toHaveTextContent('Pending');
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel order BK-000010?' })).getByRole('button', {
        name: 'Cancel Order',
      }),
    );

    const cancellation = await screen.findByRole('region', { name: 'Cancellation' });
    expect(cancellation).toHaveTextContent('Cancelled by the customer before payment');
    expect(cancellation).toHaveTextContent('Nothing to refund: the order was not paid');
    expect(screen.getByRole('heading', { name: /Order BK-000010/ })).toHaveTextContent('Cancelled');
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });
});

describe('a cash-on-delivery order on /orders/:id', () => {
  it('says what to pay the courier, offers Cancel but no Pay now; once shipped, neither', async () => {
    let order = pending({ paymentMethod: 'cod', expiresAt: null, codFee: 10, total: 140 });
    stub(() => order);
    renderOrderPage();
    expect(await screen.findByText(/Cash on delivery: pay the courier Dhs 140\.00/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    cleanup();

    order = { ...order, fulfilmentStatus: 'shipped', fulfilmentStatusName: 'Shipped' };
    renderOrderPage();
    expect(await screen.findByText(/Cash on delivery: pay the courier/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
