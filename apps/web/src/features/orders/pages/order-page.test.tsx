import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderStatus } from '@bookshop/contracts/enums';
import { answerApi } from '../../../test/network.ts';
import { makeOrder, orderPage } from '../../../test/order-fixtures.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { toast } from '../../../ui/toast.tsx';
import { OrdersSection } from '../components/orders-section.tsx';
import { OrderPage } from './order-page.tsx';

function renderOrderPage(at: string) {
  const router = createMemoryRouter([{ path: '/orders/:id', element: <OrderPage /> }], { initialEntries: [at] });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function renderOrdersSection() {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>
        <OrdersSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => toast.reset());

describe('orders on /account', () => {
  it('lists the orders with number, status badge, en-GB 12-hour date, total and a link', async () => {
    const api = answerApi(({ path }) =>
      path === '/api/v1/orders/customer'
        ? {
            body: orderPage([
              makeOrder({ id: 12, createdAt: '2026-11-23T15:05:00.000Z' }),
              makeOrder({ id: 11, status: OrderStatus.Cancelled }),
              makeOrder({ id: 10, status: OrderStatus.Pending }),
            ]),
          }
        : undefined,
    );
    renderOrdersSection();

    const link = await screen.findByRole('link', { name: 'Order BK-000012' });
    expect(link).toHaveAttribute('href', '/orders/12');
    const row = link.closest('li')!;
    expect(within(row).getByText('Completed')).toBeInTheDocument();
    expect(within(row).getByText('Dhs 130.00')).toBeInTheDocument();
    const placed = within(row).getByText(/\d{2}\/\d{2}\/2026, \d{1,2}:\d{2} (AM|PM)/);
    expect(placed).toHaveAttribute('dateTime', '2026-11-23T15:05:00.000Z');
    expect(
      within(screen.getByRole('link', { name: 'Order BK-000011' }).closest('li')!).getByText('Cancelled'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: 'Order BK-000010' }).closest('li')!).getByText('Pending'),
    ).toBeInTheDocument();
    expect(api.requests[0]?.search).toBe('?pageNo=1&pageSize=5');
  });

  it('pages through the orders', async () => {
    const user = userEvent.setup();
    const api = answerApi(({ path, search }) => {
      if (path !== '/api/v1/orders/customer') return undefined;
      const pageNo = Number(new URLSearchParams(search).get('pageNo'));
      return { body: orderPage([makeOrder({ id: 100 - pageNo })], { currentPage: pageNo, totalPages: 2 }) };
    });
    renderOrdersSection();

    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page of orders' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page of orders' }));
    expect(await screen.findByRole('link', { name: 'Order BK-000098' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(api.requests.at(-1)?.search).toBe('?pageNo=2&pageSize=5');
  });

  it('says so when there are no orders yet', async () => {
    answerApi(({ path }) => (path === '/api/v1/orders/customer' ? { body: orderPage([]) } : undefined));
    renderOrdersSection();
    expect(await screen.findByText('You have not placed any orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Books' })).toHaveAttribute('href', '/');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    answerApi(({ path }) =>
      path === '/api/v1/orders/customer' ? { status: 500, body: { title: 'Server Error', status: 500 } } : undefined,
    );
    renderOrdersSection();
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent('An Error Has Occurred!');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/orders/:id', () => {
  it('shows the lines, delivery address and method, totals and the status history', async () => {
    const api = answerApi(({ path }) => (path === '/api/v1/orders/7' ? { body: makeOrder({ id: 7 }) } : undefined));
    renderOrderPage('/orders/7');

    expect(await screen.findByRole('heading', { name: /Order BK-000007/ })).toHaveTextContent('Completed');
    const lines = screen.getByRole('list', { name: 'Books in this order' });
    expect(within(lines).getByRole('listitem', { name: 'Emma' })).toHaveTextContent('Dhs 80.00');
    expect(screen.getByText('Delivery (Standard Delivery)')).toBeInTheDocument();
    expect(screen.getByText('Dhs 130.00')).toBeInTheDocument();
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('12 Palm Street');
    expect(delivery).toHaveTextContent('United Arab Emirates');
    const history = screen.getByRole('region', { name: 'Status history' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Pending', 'Completed']);
    expect(api.requests).toHaveLength(1);
  });

  it('tells the customer why the shop cancelled the order and where the refund is; says nothing of it otherwise', async () => {
    answerApi(({ path }) =>
      path === '/api/v1/orders/9'
        ? {
            body: makeOrder({
              id: 9,
              status: OrderStatus.Cancelled,
              cancelReason: 'The last copy was damaged <b>in the warehouse</b>',
              refundStatus: 'pending',
            }),
          }
        : path === '/api/v1/orders/7'
          ? { body: makeOrder({ id: 7 }) }
          : undefined,
    );
    renderOrderPage('/orders/9');

    const cancellation = await screen.findByRole('region', { name: 'Cancellation' });
    expect(cancellation).toHaveTextContent('The last copy was damaged <b>in the warehouse</b>');
    expect(cancellation).toHaveTextContent('Your refund is on its way to your card');
    cleanup();
    renderOrderPage('/orders/7');
    await screen.findByRole('heading', { name: /Order BK-000007/ });
    expect(screen.queryByRole('region', { name: 'Cancellation' })).not.toBeInTheDocument();
  });

  it("shows the not-found page for an order that is not the customer's", async () => {
    answerApi(({ path }) =>
      path === '/api/v1/orders/8' ? { status: 404, body: { title: 'Not Found', status: 404 } } : undefined,
    );
    renderOrderPage('/orders/8');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('does not ask the API about an id that cannot be an order', async () => {
    const api = answerApi(() => undefined);
    renderOrderPage('/orders/abc');
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    await waitFor(() => expect(api.requests).toHaveLength(0));
  });
});
