import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OrderStatus } from '@bookshop/contracts/enums';
import type { Order } from '@bookshop/contracts/orders';
import { answerApi } from '../../../test/network.ts';
import { makeOrder, orderPage } from '../../../test/order-fixtures.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { OrdersSection } from '../components/orders-section.tsx';
import { OrderPage } from './order-page.tsx';

/** The customer follows their parcel (issue 22): the order's progress, its parcels and tracking links. */

const event = (name: 'packed' | 'shipped' | 'delivered', at: string, shipmentId: number | null = null) => ({
  status: null,
  statusName: name[0]!.toUpperCase() + name.slice(1),
  event: name,
  shipmentId,
  at,
});

/** Paid 11:07 Dubai 15:07; packed, then one parcel by Aramex and one by the shop's van. */
function shippedOrder(overrides: Partial<Order> = {}): Order {
  const base = makeOrder({ id: 7 });
  return makeOrder({
    id: 7,
    fulfilmentStatus: 'shipped',
    fulfilmentStatusName: 'Shipped',
    history: [
      ...base.history,
      event('packed', '2026-11-23T12:00:00.000Z'),
      event('shipped', '2026-11-24T06:30:00.000Z', 1),
      event('shipped', '2026-11-24T07:00:00.000Z', 2),
    ],
    shipments: [
      {
        id: 1,
        carrier: 'aramex',
        carrierName: 'Aramex',
        trackingNumber: '35123456789',
        trackingUrl: 'https://www.aramex.com/track/results?ShipmentNumber=35123456789',
        status: 'shipped',
        shippedAt: '2026-11-24T06:30:00.000Z',
        deliveredAt: null,
        lines: [{ bookId: 3, quantity: 2 }],
      },
      {
        id: 2,
        carrier: 'shop-courier',
        carrierName: 'Shop courier',
        trackingNumber: null,
        trackingUrl: null,
        status: 'shipped',
        shippedAt: '2026-11-24T07:00:00.000Z',
        deliveredAt: null,
        lines: [{ bookId: 4, quantity: 1 }],
      },
    ],
    ...overrides,
  });
}

function renderOrderPage() {
  const router = createMemoryRouter([{ path: '/orders/:id', element: <OrderPage /> }], {
    initialEntries: ['/orders/7'],
  });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const steps = () =>
  within(screen.getByRole('region', { name: 'Progress' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('/orders/:id after the sale', () => {
  it('shows Ordered → Paid → Packed → Shipped → Delivered with the times reached, on the shop clock', async () => {
    answerApi(({ path }) => (path === '/api/v1/orders/7' ? { body: shippedOrder() } : undefined));
    renderOrderPage();

    expect((await screen.findByRole('heading', { name: /Order BK-000007/ })).parentElement).toHaveTextContent(
      'Shipped',
    );
    expect(steps()).toEqual([
      'Ordered23/11/2026, 3:05 PM',
      'Paid23/11/2026, 3:07 PM',
      'Packed23/11/2026, 4:00 PM',
      'Shipped24/11/2026, 10:30 AM',
      'DeliveredNot yet',
    ]);
    const progress = screen.getByRole('region', { name: 'Progress' });
    expect(within(progress).getByText('Shipped').closest('li')).toHaveAttribute('aria-current', 'step');
    const history = screen.getByRole('region', { name: 'Status history' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Pending', 'Completed', 'Packed', 'Shipped', 'Shipped']);
  });

  it("links each parcel with a tracking page to the carrier's 'Track your parcel', in a new tab", async () => {
    answerApi(({ path }) => (path === '/api/v1/orders/7' ? { body: shippedOrder() } : undefined));
    renderOrderPage();

    const shipments = await screen.findByRole('region', { name: 'Shipments' });
    const aramex = within(shipments).getByRole('listitem', { name: 'Parcel 1 · Aramex · Shipped' });
    expect(aramex).toHaveTextContent('Tracking number: 35123456789');
    expect(aramex).toHaveTextContent('2 × Emma');
    const track = within(aramex).getByRole('link', { name: /^Track your parcel/ });
    expect(track).toHaveAttribute('href', 'https://www.aramex.com/track/results?ShipmentNumber=35123456789');
    expect(track).toHaveAttribute('target', '_blank');
    expect(track).toHaveAttribute('rel', 'noopener noreferrer');
    // The shop's own van has no tracking page.
    const van = within(shipments).getByRole('listitem', { name: 'Parcel 2 · Shop courier · Shipped' });
    expect(within(van).queryByRole('link')).toBeNull();
    expect(van).toHaveTextContent('1 × Persuasion');
  });

  it('a delivered order completes the progress; a cancelled one shows none', async () => {
    const order = shippedOrder();
    const delivered = shippedOrder({
      fulfilmentStatus: 'delivered',
      fulfilmentStatusName: 'Delivered',
      history: [
        ...order.history,
        event('delivered', '2026-11-24T10:00:00.000Z', 1),
        event('delivered', '2026-11-24T11:15:00.000Z', 2),
      ],
    });
    answerApi(({ path }) => (path === '/api/v1/orders/7' ? { body: delivered } : undefined));
    renderOrderPage();
    await screen.findByRole('region', { name: 'Progress' });
    expect(steps().at(-1)).toBe('Delivered24/11/2026, 3:15 PM');
  });

  it('shows no progress for a cancelled order', async () => {
    answerApi(({ path }) =>
      path === '/api/v1/orders/7' ? { body: makeOrder({ id: 7, status: OrderStatus.Cancelled }) } : undefined,
    );
    renderOrderPage();
    await screen.findByRole('heading', { name: /Order BK-000007/ });
    expect(screen.queryByRole('region', { name: 'Progress' })).toBeNull();
    expect(screen.queryByText('Unfulfilled')).toBeNull();
  });
});

describe('orders on /account after the sale', () => {
  it("shows each paid order's fulfilment badge, none for unpaid or cancelled ones", async () => {
    answerApi(({ path }) =>
      path === '/api/v1/orders/customer'
        ? {
            body: orderPage([
              shippedOrder({ id: 13 }),
              makeOrder({ id: 12 }),
              makeOrder({ id: 11, status: OrderStatus.Cancelled }),
              makeOrder({ id: 10, status: OrderStatus.Pending }),
            ]),
          }
        : undefined,
    );
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter>
          <OrdersSection />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const row = async (id: number) => (await screen.findByRole('link', { name: `Order BK-0000${id}` })).closest('li')!;
    expect(within(await row(13)).getByText('Shipped')).toBeInTheDocument();
    expect(within(await row(12)).getByText('Unfulfilled')).toBeInTheDocument();
    expect(within(await row(11)).queryByText('Unfulfilled')).toBeNull();
    expect(within(await row(10)).queryByText('Unfulfilled')).toBeNull();
  });
});
