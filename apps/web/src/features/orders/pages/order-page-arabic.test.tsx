import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OrderStatus } from '@bookshop/contracts/enums';
import { CancelReasons } from '@bookshop/contracts/orders';
import { allMessages } from '../../../lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider } from '../../../lib/i18n/i18n.tsx';
import { answerApi } from '../../../test/network.ts';
import { makeOrder, orderPage } from '../../../test/order-fixtures.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { OrdersSection } from '../components/orders-section.tsx';
import { OrderPage } from './order-page.tsx';

/* The customer's order and orders list on Arabic pages (/ar/orders/:id, /ar/account): decision 089. */

const arabic = createI18n('ar', allMessages('ar'));

function inArabic(children: React.ReactNode) {
  render(
    <I18nProvider i18n={arabic}>
      <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>
    </I18nProvider>,
  );
}

const renderOrderPage = (at: string) =>
  inArabic(
    <RouterProvider
      router={createMemoryRouter([{ path: '/orders/:id', element: <OrderPage /> }], { initialEntries: [at] })}
    />,
  );

/** Emma has an Arabic title in the shop; Persuasion has none. */
const order = (overrides: Parameters<typeof makeOrder>[0] = {}) => {
  const placed = makeOrder({ id: 7, ...overrides });
  return {
    ...placed,
    items: placed.items.map((item) => (item.bookId === 3 ? { ...item, titleAr: 'إيما' } : item)),
  };
};

describe('/ar/orders/:id', () => {
  it('names the order, its status and steps in Arabic, with ar-AE prices, ص/م dates and Arabic titles', async () => {
    answerApi(({ path }) =>
      path === '/api/v1/orders/7'
        ? {
            body: order({
              fulfilmentStatus: 'shipped',
              fulfilmentStatusName: 'Shipped',
              shipments: [
                {
                  id: 1,
                  carrier: 'aramex',
                  carrierName: 'Aramex',
                  trackingNumber: '123',
                  trackingUrl: 'https://www.aramex.com/track?ShipmentNumber=123',
                  status: 'shipped',
                  shippedAt: '2026-11-24T05:30:00.000Z',
                  deliveredAt: null,
                  lines: [{ bookId: 3, quantity: 2 }],
                },
              ],
              documents: [
                {
                  type: 'invoice',
                  number: 'INV-2026-000001',
                  issuedAt: '2026-11-23T11:07:00.000Z',
                  total: 130,
                  vatAmount: 6.19,
                  url: '/api/v1/orders/7/documents/INV-2026-000001',
                },
              ],
            }),
          }
        : undefined,
    );
    renderOrderPage('/orders/7');

    const heading = await screen.findByRole('heading', { level: 1, name: /الطلب BK-000007/ });
    expect(heading).toHaveTextContent('مكتمل');
    expect(screen.getByText('تم الشحن', { selector: 'span.rounded-full' })).toBeInTheDocument();
    // The shop's clock, 12-hour with ص (11:05 UTC is 3:05 in the afternoon in Dubai: م).
    expect(screen.getByText(/^تاريخ الطلب/)).toHaveTextContent('تاريخ الطلب 23/11/2026، 3:05 م');
    expect(screen.getByText(/^تاريخ الشحن/)).toHaveTextContent('تاريخ الشحن 24/11/2026، 9:30 ص');
    expect(screen.getByRole('link', { name: /^العودة إلى طلباتك/ })).toHaveAttribute('href', '/account#orders');

    // The Arabic title the order was placed with; the English one when the book had none.
    const lines = screen.getByRole('list', { name: 'الكتب في هذا الطلب' });
    expect(within(lines).getByRole('listitem', { name: 'إيما' })).toBeInTheDocument();
    expect(within(lines).getByRole('listitem', { name: 'Persuasion' })).toBeInTheDocument();
    expect(within(lines).getByRole('link', { name: 'إيما' })).toHaveAttribute('href', '/books/Emma');
    const parcels = screen.getByRole('region', { name: 'الشحنات' });
    expect(parcels).toHaveTextContent('الطرد 1 · Aramex · تم الشحن');
    expect(parcels).toHaveTextContent('2 × إيما');
    expect(within(parcels).getByRole('link', { name: /^تتبّع طردك/ })).toBeInTheDocument();

    // Prices through ar-AE in Latin digits.
    const invoices = screen.getByRole('region', { name: 'الفواتير' });
    expect(within(invoices).getByRole('link', { name: 'تنزيل الفاتورة' })).toBeInTheDocument();
    expect(invoices).toHaveTextContent(/130\.00\s*د\.إ\./);
    expect(invoices).toHaveTextContent(/\(ضريبة القيمة المضافة \S?6\.19\s*د\.إ\.\S?\)/);

    expect(screen.getByRole('region', { name: 'التوصيل' })).toHaveTextContent('التوصيل العادي');
    expect(screen.getByRole('region', { name: 'التوصيل' })).toHaveTextContent('الإمارات العربية المتحدة');
    const history = screen.getByRole('region', { name: 'سجل الحالة' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['قيد الانتظار', 'مكتمل']);
    const progress = screen.getByRole('region', { name: 'مراحل الطلب' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['تم الطلب', 'تم الدفع', 'تم التغليف', 'تم الشحن', 'تم التسليم']);
  });

  it("gives the shop's own cancel reason in Arabic and what staff typed as they typed it", async () => {
    answerApi(({ path }) =>
      path === '/api/v1/orders/9'
        ? { body: order({ id: 9, status: OrderStatus.Cancelled, cancelReason: CancelReasons.paymentFailed }) }
        : path === '/api/v1/orders/10'
          ? { body: order({ id: 10, status: OrderStatus.Cancelled, cancelReason: 'Damaged in the warehouse' }) }
          : undefined,
    );
    renderOrderPage('/orders/9');
    const cancellation = await screen.findByRole('region', { name: 'الإلغاء' });
    expect(cancellation).toHaveTextContent('لم تتم عملية الدفع');
    expect(cancellation).toHaveTextContent('لا يوجد مبلغ لاسترداده: لم يُدفع الطلب');
    cleanup();
    renderOrderPage('/orders/10');
    expect(await screen.findByRole('region', { name: 'الإلغاء' })).toHaveTextContent('Damaged in the warehouse');
  });

  it('says in Arabic that the order is not in the account', async () => {
    answerApi(({ path }) =>
      path === '/api/v1/orders/8' ? { status: 404, body: { title: 'Not Found', status: 404 } } : undefined,
    );
    renderOrderPage('/orders/8');
    expect(await screen.findByText('لم نجد هذا الطلب في حسابك.')).toBeInTheDocument();
  });
});

describe('the orders on /ar/account', () => {
  it('lists each order with its Arabic status, count of books, date and total', async () => {
    answerApi(({ path }) =>
      path === '/api/v1/orders/customer'
        ? { body: orderPage([order({ id: 12 }), order({ id: 11, status: OrderStatus.Cancelled })]) }
        : undefined,
    );
    inArabic(
      <MemoryRouter>
        <OrdersSection />
      </MemoryRouter>,
    );

    expect(screen.getByRole('heading', { name: 'الطلبات' })).toBeInTheDocument();
    const row = (await screen.findByRole('link', { name: 'الطلب BK-000012' })).closest('li')!;
    expect(within(row).getByText('مكتمل')).toBeInTheDocument();
    expect(row).toHaveTextContent('3 كتب');
    expect(row).toHaveTextContent(/23\/11\/2026، 3:05 م/);
    expect(row).toHaveTextContent(/الإجمالي\s*\S?130\.00\s*د\.إ\./);
    const cancelled = screen.getByRole('link', { name: 'الطلب BK-000011' }).closest('li')!;
    expect(within(cancelled).getByText('ملغى')).toBeInTheDocument();
  });

  it('tells an unpaid order how long its books are held, and an expired one why it can no longer be paid', async () => {
    const soon = new Date(Date.now() + 20 * 60_000);
    answerApi(({ path }) =>
      path === '/api/v1/orders/customer'
        ? {
            body: orderPage([
              order({ id: 14, status: OrderStatus.Pending, expiresAt: soon.toISOString() }),
              order({ id: 13, status: OrderStatus.Pending, expiresAt: '2026-11-23T11:35:00.000Z' }),
            ]),
          }
        : undefined,
    );
    inArabic(
      <MemoryRouter>
        <OrdersSection />
      </MemoryRouter>,
    );

    const waiting = (await screen.findByRole('link', { name: 'الطلب BK-000014' })).closest('li')!;
    expect(within(waiting).getByText('قيد الانتظار')).toBeInTheDocument();
    expect(waiting).toHaveTextContent(/بانتظار الدفع: كتبك محجوزة حتى \d{1,2}:\d{2} [صم]\./);
    expect(within(waiting).getByRole('button', { name: 'ادفع الآن الطلب BK-000014' })).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'إلغاء الطلب BK-000014' })).toBeInTheDocument();
    const expired = screen.getByRole('link', { name: 'الطلب BK-000013' }).closest('li')!;
    expect(expired).toHaveTextContent('لم يكتمل الدفع خلال 30 دقيقة.');
  });
});

describe('returns on /ar/orders/:id', () => {
  it('shows a return and the form to return more in Arabic, naming books by their Arabic titles', async () => {
    const user = userEvent.setup();
    const at = new Date(Date.now() - 86_400_000).toISOString();
    answerApi(({ path }) =>
      path === '/api/v1/orders/7'
        ? {
            body: order({
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
                  lines: [{ bookId: 3, quantity: 2 }],
                },
              ],
              returns: [
                {
                  id: 5,
                  orderId: 7,
                  status: 'received',
                  statusName: 'Return received',
                  lines: [{ bookId: 3, title: 'Emma', quantity: 1, price: 40 }],
                  reason: 'The cover arrived torn.',
                  refundAmount: 40,
                  refundStatus: 'refunded',
                  restocked: true,
                  createdAt: at,
                  events: [],
                },
              ],
            }),
          }
        : undefined,
    );
    renderOrderPage('/orders/7');

    const returns = await screen.findByRole('region', { name: 'المرتجعات' });
    expect(within(returns).getByRole('heading', { name: 'تم استلام المرتجع' })).toBeInTheDocument();
    expect(returns).toHaveTextContent('1 × إيما');
    expect(returns).toHaveTextContent(/المبلغ المسترد \S?40\.00\s*د\.إ\.\S? · أُعيد إلى بطاقتك/);
    expect(within(returns).getByRole('heading', { name: 'إرجاع كتب' })).toBeInTheDocument();
    expect(within(returns).getByLabelText('عدد نسخ إيما المراد إرجاعها')).toHaveValue(0);
    await user.click(within(returns).getByRole('button', { name: 'إرجاع الكتب' }));
    expect(within(returns).getByRole('alert')).toHaveTextContent('اختر كتابًا واحدًا على الأقل لإرجاعه.');
    expect(within(returns).getByLabelText('لماذا تُرجعها؟')).toBeInTheDocument();
  });
});
