import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Order } from '@bookshop/contracts/orders';
import { ReturnMessages, type Return } from '@bookshop/contracts/returns';
import { answerApi, problem } from '../../../test/network.ts';
import { makeOrder } from '../../../test/order-fixtures.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { OrderPage } from '../pages/order-page.tsx';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
const delivered = (at: string, overrides: Partial<Order> = {}) =>
  makeOrder({
    id: 10,
    fulfilmentStatus: 'delivered',
    fulfilmentStatusName: 'Delivered',
    shipments: [
      {
        id: 1,
        carrier: 'aramex',
        carrierName: 'Aramex',
        trackingNumber: '351',
        trackingUrl: null,
        status: 'delivered',
        shippedAt: at,
        deliveredAt: at,
        lines: [
          { bookId: 3, quantity: 2 },
          { bookId: 4, quantity: 1 },
        ],
      },
    ],
    ...overrides,
  });
const requested: Return = {
  id: 7,
  orderId: 10,
  status: 'requested',
  statusName: 'Return requested',
  lines: [{ bookId: 3, title: 'Emma', quantity: 1, price: 40 }],
  reason: 'The cover arrived torn.',
  refundAmount: 40,
  refundStatus: null,
  restocked: false,
  createdAt: daysAgo(0),
  events: [],
};

function renderOrderPage() {
  const router = createMemoryRouter([{ path: '/orders/:id', element: <OrderPage /> }], {
    initialEntries: ['/orders/10'],
  });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('returns on the customer order page', () => {
  it('asks to return chosen copies with a reason, then shows the return requested', async () => {
    const user = userEvent.setup();
    let order = delivered(daysAgo(2));
    const api = answerApi((request) => {
      if (request.method === 'GET' && request.path === '/api/v1/orders/10') return { body: order };
      if (request.method === 'POST' && request.path === '/api/v1/orders/10/returns') {
        order = { ...order, returns: [requested] };
        return { status: 201, body: order };
      }
      return undefined;
    });
    renderOrderPage();

    const section = await screen.findByRole('region', { name: 'Returns' });
    await user.click(within(section).getByRole('button', { name: 'Return books' }));
    expect(within(section).getByText(ReturnMessages.reason)).toBeInTheDocument();
    expect(api.sent('POST', '/api/v1/orders/10/returns')).toHaveLength(0);

    const emma = within(section).getByLabelText('Copies of Emma to return');
    await user.clear(emma);
    await user.type(emma, '1');
    await user.type(within(section).getByLabelText('Why are you returning them?'), 'The cover arrived torn.');
    await user.click(within(section).getByRole('button', { name: 'Return books' }));

    expect(await within(section).findByRole('heading', { name: 'Return requested' })).toBeInTheDocument();
    expect(api.sent('POST', '/api/v1/orders/10/returns')[0]!.body).toEqual({
      lines: [{ bookId: 3, quantity: 1 }],
      reason: 'The cover arrived torn.',
    });
    // One Emma and the Persuasion may still go back.
    expect(within(section).getByLabelText('Copies of Emma to return')).toHaveAttribute('max', '1');
  });

  it("shows the API's refusal", async () => {
    const user = userEvent.setup();
    answerApi((request) => {
      if (request.method === 'GET' && request.path === '/api/v1/orders/10') return { body: delivered(daysAgo(2)) };
      if (request.method === 'POST') return problem(409, 'Conflict', { detail: ReturnMessages.windowClosed });
      return undefined;
    });
    renderOrderPage();
    const section = await screen.findByRole('region', { name: 'Returns' });
    await user.type(within(section).getByLabelText('Copies of Persuasion to return'), '1');
    await user.type(within(section).getByLabelText('Why are you returning them?'), 'Bought it twice by mistake.');
    await user.click(within(section).getByRole('button', { name: 'Return books' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(ReturnMessages.windowClosed);
  });

  it('offers no form past the window or before delivery', async () => {
    answerApi((request) => (request.path === '/api/v1/orders/10' ? { body: delivered(daysAgo(15)) } : undefined));
    renderOrderPage();
    await screen.findByRole('heading', { name: /Order BK-000010/ });
    expect(screen.queryByRole('region', { name: 'Returns' })).not.toBeInTheDocument();
  });
});
