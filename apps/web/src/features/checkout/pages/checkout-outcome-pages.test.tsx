import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderStatus } from '@bookshop/contracts/enums';
import type { Order } from '@bookshop/contracts/orders';
import { allMessages } from '../../../lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider } from '../../../lib/i18n/i18n.tsx';
import { answerApi, type ApiReply } from '../../../test/network.ts';
import { makeOrder } from '../../../test/order-fixtures.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { toast } from '../../../ui/toast.tsx';
import { CheckoutCancelPage } from './checkout-cancel-page.tsx';
import { CheckoutSuccessPage } from './checkout-success-page.tsx';

function renderOutcome(at: string) {
  const onOrderChanged = vi.fn<(order: Order) => void>();
  const router = createMemoryRouter(
    [
      {
        path: '/checkout/success',
        element: (
          <CheckoutSuccessPage
            renderReceipt={(order) => <p>Receipt of {order.orderNumber}</p>}
            onOrderChanged={onOrderChanged}
          />
        ),
      },
      { path: '/checkout/cancel', element: <CheckoutCancelPage onOrderChanged={onOrderChanged} /> },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { onOrderChanged };
}

/** Answers the outcome endpoints with each reply in turn (the last one repeats). */
function stubOutcome(path: string, ...replies: ApiReply[]) {
  let calls = 0;
  return answerApi((request) => (request.path === path ? replies[Math.min(calls++, replies.length - 1)] : undefined));
}

afterEach(() => toast.reset());

describe('/checkout/success', () => {
  it('thanks the customer with the order number, lines and total, and links to the order', async () => {
    const api = stubOutcome('/api/v1/checkout/checkout-success', { body: makeOrder({ id: 7 }) });
    const { onOrderChanged } = renderOutcome('/checkout/success?session_id=cs_test_a1B2');

    expect(await screen.findByRole('heading', { name: 'Thank you for your order' })).toBeInTheDocument();
    expect(screen.getByText('BK-000007')).toBeInTheDocument();
    expect(screen.getByText('Dhs 130.00')).toBeInTheDocument();
    expect(screen.getByText('Receipt of BK-000007')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Order BK-000007' })).toHaveAttribute('href', '/orders/7');
    expect(api.requests[0]?.search).toBe('?sessionId=cs_test_a1B2');
    await waitFor(() => expect(onOrderChanged).toHaveBeenCalledTimes(1));
  });

  it('says the payment is being confirmed while the order is Pending, and asks again until it is paid', async () => {
    const api = stubOutcome(
      '/api/v1/checkout/checkout-success',
      { body: makeOrder({ id: 8, status: OrderStatus.Pending }) },
      { body: makeOrder({ id: 8 }) },
    );
    const { onOrderChanged } = renderOutcome('/checkout/success?session_id=cs_test_pending');

    expect(await screen.findByRole('heading', { name: "We're confirming your payment" })).toBeInTheDocument();
    expect(await screen.findByText(/Order BK-000008 is waiting for the payment provider/)).toHaveAttribute(
      'role',
      'status',
    );
    expect(
      await screen.findByRole('heading', { name: 'Thank you for your order' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(api.requests).toHaveLength(2);
    // Once for Pending, once for Completed: the cart and the orders list refresh after payment.
    await waitFor(() => expect(onOrderChanged).toHaveBeenCalledTimes(2));
  });

  it('explains a missing or malformed session id without asking the API', () => {
    const api = answerApi(() => undefined);
    renderOutcome('/checkout/success?session_id=not-a-session');
    expect(screen.getByText(/has no valid checkout session/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your Orders' })).toHaveAttribute('href', '/account#orders');
    expect(api.requests).toHaveLength(0);
  });

  it("shows the API's reason for a session that is not the customer's", async () => {
    stubOutcome('/api/v1/checkout/checkout-success', {
      status: 404,
      body: { title: 'Not Found', status: 404, detail: 'This checkout session does not exist.' },
    });
    renderOutcome('/checkout/success?session_id=cs_test_other');
    expect(await screen.findByRole('alert')).toHaveTextContent('This checkout session does not exist.');
    expect(screen.getByRole('heading', { name: 'We could not find this checkout' })).toBeInTheDocument();
  });
});

describe('/checkout/cancel', () => {
  it('says the payment was cancelled and the cart is kept, with the way back to the cart', async () => {
    const api = stubOutcome('/api/v1/checkout/checkout-cancelled', {
      body: makeOrder({ id: 9, status: OrderStatus.Cancelled }),
    });
    const { onOrderChanged } = renderOutcome('/checkout/cancel?session_id=cs_test_gone');

    expect(await screen.findByText(/your cart is kept just as it was/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment cancelled' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Cart' })).toHaveAttribute('href', '/cart');
    expect(api.requests[0]?.search).toBe('?sessionId=cs_test_gone');
    await waitFor(() => expect(onOrderChanged).toHaveBeenCalledTimes(1));
  });

  it('says so when the order was paid before the cancel arrived', async () => {
    stubOutcome('/api/v1/checkout/checkout-cancelled', { body: makeOrder({ id: 10 }) });
    renderOutcome('/checkout/cancel?session_id=cs_test_paid');
    expect(await screen.findByRole('heading', { name: 'This order is already paid' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Order BK-000010' })).toHaveAttribute('href', '/orders/10');
  });

  it('explains a missing session id', () => {
    answerApi(() => undefined);
    renderOutcome('/checkout/cancel');
    expect(screen.getByRole('heading', { name: 'Payment cancelled' })).toBeInTheDocument();
    expect(screen.getByText(/has no valid checkout session/)).toBeInTheDocument();
  });
});

describe('/ar/checkout/cancel in Arabic', () => {
  function renderArabicCancel(at: string) {
    const router = createMemoryRouter(
      [{ path: '/checkout/cancel', element: <CheckoutCancelPage onOrderChanged={() => {}} /> }],
      { initialEntries: [`/ar${at}`], basename: '/ar' },
    );
    render(
      <I18nProvider i18n={createI18n('ar', allMessages('ar'))}>
        <QueryClientProvider client={createTestQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>,
    );
  }

  it('says in Arabic that the payment was cancelled and the cart is kept, with the way back to the Arabic cart', async () => {
    stubOutcome('/api/v1/checkout/checkout-cancelled', { body: makeOrder({ id: 9, status: OrderStatus.Cancelled }) });
    renderArabicCancel('/checkout/cancel?session_id=cs_test_gone');
    expect(await screen.findByText(/أُلغي الدفع للطلب BK-000009\. لم يُخصم منك أي مبلغ/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'أُلغي الدفع' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى السلة' })).toHaveAttribute('href', '/ar/cart');
    // The head is written once its code has loaded (decision 103), a moment after the page.
    await waitFor(() => expect(document.title).toBe('أُلغي الدفع | Bookshop'));
  });

  it("shows the API's reason for an unknown session in Arabic", async () => {
    stubOutcome('/api/v1/checkout/checkout-cancelled', {
      status: 404,
      body: { title: 'Not Found', status: 404, detail: 'This checkout session does not exist.' },
    });
    renderArabicCancel('/checkout/cancel?session_id=cs_test_other');
    expect(await screen.findByRole('alert')).toHaveTextContent('جلسة الدفع هذه غير موجودة.');
    expect(screen.getByRole('heading', { name: 'لم نعثر على عملية الشراء هذه' })).toBeInTheDocument();
  });
});
