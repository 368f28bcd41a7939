import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '@bookshop/contracts/cart';
import { OrderStatus } from '@bookshop/contracts/enums';
import { allMessages } from '../lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider } from '../lib/i18n/i18n.tsx';
import { leaveSiteFor } from '../lib/leave-site.ts';
import { answerApi, type ApiRequest, type ApiReply } from '../test/network.ts';
import { addressPage, cartLine, cartOf, makeAddress, makeOrder, orderPage, quoteFor } from '../test/order-fixtures.ts';
import { createTestQueryClient } from '../test/render.tsx';
import { toast, Toaster } from '../ui/toast.tsx';
import { CheckoutRoute, CheckoutSuccessRoute } from './checkout-routes.tsx';

vi.mock('../lib/leave-site.ts', () => ({ leaveSiteFor: vi.fn() }));

const home = makeAddress({ id: 1, address: '12 Palm Street', isMain: true });
const office = makeAddress({ id: 2, address: '3 Creek Road', city: 'Sharjah', emirate: 'Sharjah', isMain: false });
const emma = cartLine({ id: 3, title: 'Emma', price: 50, discountPercentage: 20, discountedPrice: 40, quantity: 2 });
const persuasion = cartLine({ id: 4, title: 'Persuasion', price: 35, discountedPrice: 35 });

function stub(
  {
    items = [emma, persuasion],
    addresses = [office, home],
  }: { items?: CartItem[]; addresses?: ReturnType<typeof makeAddress>[] } = {},
  extra: (request: ApiRequest) => ApiReply | undefined = () => undefined,
) {
  return answerApi((request) => {
    const { method, path } = request;
    if (method === 'GET' && path === '/api/v1/cart') return { body: cartOf(items) };
    if (method === 'GET' && path === '/api/v1/customers-addresses') return { body: addressPage(addresses) };
    if (method === 'GET' && path === '/api/v1/customers-addresses/delivery-methods') return { body: quoteFor(items) };
    if (method === 'GET' && path === '/api/v1/countries')
      return { body: [{ code: 'AE', name: 'United Arab Emirates' }] };
    return (
      extra(request) ??
      (method === 'GET' && path === '/api/v1/checkout/payment-methods' ? { body: paymentOptions() } : undefined)
    );
  });
}

function renderAt(path: string, client: QueryClient = createTestQueryClient()) {
  const router = createMemoryRouter(
    [
      { path: '/checkout', element: <CheckoutRoute /> },
      { path: '/checkout/success', element: <CheckoutSuccessRoute /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, client };
}

const arabic = createI18n('ar', allMessages('ar'));

/** The same routes on an Arabic page (/ar, decision 089), with the Arabic catalogue. */
function renderArabicAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/checkout', element: <CheckoutRoute /> },
      { path: '/checkout/success', element: <CheckoutSuccessRoute /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [`/ar${path}`], basename: '/ar' },
  );
  render(
    <I18nProvider i18n={arabic}>
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { router };
}

/** '‏130.00 د.إ.‏' as Intl writes it for ar-AE in Latin digits (marks and spaces vary by ICU). */
const arabicPrice = (amount: string) =>
  new RegExp(`^[\\u200f\\u061c]?${amount.replace('.', '\\.')}\\s*د\\.إ\\.[\\u200f\\u061c]?$`);

const paymentOptions = (codReason: string | null = null) => [
  { code: 'card', name: 'Pay by card', available: true, fee: 0, reason: null },
  { code: 'cod', name: 'Cash on delivery', available: codReason === null, fee: 10, reason: codReason },
];

const summary = () => screen.getByRole('region', { name: 'Order Summary' });

afterEach(() => {
  toast.reset();
  vi.mocked(leaveSiteFor).mockClear();
});

describe('/checkout', () => {
  it('preselects the main address and standard delivery, and shows lines, discount, fee and total in Dhs', async () => {
    stub();
    renderAt('/checkout');

    const main = await screen.findByRole('radio', { name: /12 Palm Street/ });
    expect(main).toBeChecked();
    expect(screen.getByRole('radio', { name: /3 Creek Road/ })).not.toBeChecked();
    expect(await screen.findByRole('radio', { name: /Standard Delivery/ })).toBeChecked();

    const lines = within(summary()).getByRole('list', { name: 'Books in your order' });
    expect(within(lines).getByRole('listitem', { name: 'Emma' })).toHaveTextContent('Dhs 50.00');
    expect(within(lines).getByRole('listitem', { name: 'Emma' })).toHaveTextContent('Dhs 40.00');
    expect(within(lines).getByRole('listitem', { name: 'Emma' })).toHaveTextContent('Dhs 80.00');
    // Books Dhs 135.00 before a Dhs 20.00 discount: Dhs 115.00 pays the Dhs 15.00 standard fee.
    expect(within(summary()).getByText('Dhs 135.00')).toBeInTheDocument();
    expect(within(summary()).getByText('− Dhs 20.00')).toBeInTheDocument();
    expect(within(summary()).getByText('Dhs 15.00')).toBeInTheDocument();
    expect(within(summary()).getByText('Dhs 130.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toHaveAccessibleDescription(
      'Your copies are reserved for 30 minutes once you proceed to payment.',
    );
  });

  it('disables next-day delivery with its reason when a book is not eligible', async () => {
    stub({ items: [emma, { ...persuasion, isNextDayDeliveryEligible: false }] });
    renderAt('/checkout');
    const nextDay = await screen.findByRole('radio', { name: /Next-Day Delivery/ });
    expect(nextDay).toBeDisabled();
    expect(nextDay).toHaveAccessibleDescription(/only offered when every book in your cart is eligible/);
  });

  it('charges the next-day fee when it is chosen and sends that method', async () => {
    const user = userEvent.setup();
    const api = stub({}, ({ method, path }) =>
      method === 'POST' && path === '/api/v1/checkout/create-session'
        ? { status: 500, body: { title: 'Oops', status: 500 } }
        : undefined,
    );
    renderAt('/checkout');
    await user.click(await screen.findByRole('radio', { name: /Next-Day Delivery/ }));
    expect(within(summary()).getByText('Dhs 30.00')).toBeInTheDocument();
    expect(within(summary()).getByText('Dhs 145.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() =>
      expect(api.sent('POST', '/api/v1/checkout/create-session')[0]?.body).toEqual({
        addressId: 1,
        deliveryMethod: 'next-day',
        paymentMethod: 'card',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not start the payment.');
  });

  it('posts the chosen address and method, shows the spinner and the reservation, then leaves for the payment page', async () => {
    const user = userEvent.setup();
    let answer: (response: ApiReply) => void = () => {};
    const api = stub({}, ({ method, path }) =>
      method === 'POST' && path === '/api/v1/checkout/create-session'
        ? (new Promise<ApiReply>((resolve) => (answer = resolve)) as unknown as ApiReply)
        : undefined,
    );
    renderAt('/checkout');

    await user.click(await screen.findByRole('radio', { name: /3 Creek Road/ }));
    const proceed = await screen.findByRole('button', { name: 'Proceed to Payment' });
    await waitFor(() => expect(proceed).toBeEnabled());
    await user.click(proceed);

    await waitFor(() => expect(proceed).toHaveAttribute('aria-busy', 'true'));
    expect(proceed).toBeDisabled();
    expect(api.sent('POST', '/api/v1/checkout/create-session')[0]?.body).toEqual({
      addressId: 2,
      deliveryMethod: 'standard',
      paymentMethod: 'card',
    });

    // 11:45 UTC is 3:45 PM on the shop's clock, wherever the customer's browser is.
    const expiresAt = '2026-11-23T11:45:00.000Z';
    answer({
      status: 201,
      body: { orderId: 9, sessionId: 'cs_test_abc', url: 'https://pay.example/cs_test_abc', expiresAt },
    });
    expect(await screen.findByText(/Reserved for you until 3:45 PM/)).toBeInTheDocument();
    expect(leaveSiteFor).toHaveBeenCalledWith('https://pay.example/cs_test_abc');
  });

  it('names the book a 409 refused, offers the way back to the cart and refreshes the cart', async () => {
    const user = userEvent.setup();
    const api = stub({}, ({ method, path }) =>
      method === 'POST' && path === '/api/v1/checkout/create-session'
        ? { status: 409, body: { title: 'Conflict', status: 409, detail: 'Only 1 copy of "Emma" is left.' } }
        : undefined,
    );
    renderAt('/checkout');

    const proceed = await screen.findByRole('button', { name: 'Proceed to Payment' });
    await waitFor(() => expect(proceed).toBeEnabled());
    await user.click(proceed);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not reserve your books.');
    expect(alert).toHaveTextContent('Only 1 copy of "Emma" is left.');
    expect(within(alert).getByRole('link', { name: 'Back to Cart' })).toHaveAttribute('href', '/cart');
    await waitFor(() => expect(api.sent('GET', '/api/v1/cart')).toHaveLength(2));
    expect(leaveSiteFor).not.toHaveBeenCalled();
  });

  it('asks for the quote of the chosen address, and says so when the shop does not deliver there', async () => {
    const user = userEvent.setup();
    const london = makeAddress({
      id: 5,
      address: '221B Baker Street',
      country: 'GB',
      city: 'London',
      emirate: null,
      isMain: false,
    });
    const outside = 'We deliver only to addresses in the United Arab Emirates. Choose another address.';
    const api = answerApi((request) => {
      const { method, path } = request;
      if (method === 'GET' && path === '/api/v1/cart') return { body: cartOf([emma]) };
      if (method === 'GET' && path === '/api/v1/customers-addresses') return { body: addressPage([home, london]) };
      if (method === 'GET' && path === '/api/v1/customers-addresses/delivery-methods')
        return request.url.searchParams.get('addressId') === '5'
          ? { status: 409, body: { title: 'Conflict', status: 409, detail: outside } }
          : { body: quoteFor([emma]) };
      return undefined;
    });
    renderAt('/checkout');

    expect(await screen.findByRole('radio', { name: /Standard Delivery/ })).toBeChecked();
    expect(api.sent('GET', '/api/v1/customers-addresses/delivery-methods').at(-1)?.url.search).toBe('?addressId=1');
    await user.click(screen.getByRole('radio', { name: /221B Baker Street/ }));

    expect(await screen.findByText(outside)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('We cannot deliver to this address.');
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();
    expect(api.sent('POST', '/api/v1/checkout/create-session')).toHaveLength(0);
  });

  it('sends a customer with an empty cart to /cart', async () => {
    stub({ items: [] });
    const { router } = renderAt('/checkout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  });

  it('holds checkout while a line is out of stock or repriced, pointing back to the cart', async () => {
    stub({ items: [{ ...emma, priceWhenAdded: 45, isPriceChanged: true }] });
    renderAt('/checkout');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/changed price\. Resolve them in your cart/);
    expect(within(alert).getByRole('link', { name: 'Back to Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();
  });

  it('opens the address form inline for a customer without addresses and chooses the saved one', async () => {
    const user = userEvent.setup();
    const saved = makeAddress({ id: 11, address: '5 Marina Walk' });
    const api = stub({ addresses: [] }, ({ method, path }) =>
      method === 'POST' && path === '/api/v1/customers-addresses' ? { status: 201, body: saved } : undefined,
    );
    renderAt('/checkout');

    const proceed = await screen.findByRole('button', { name: 'Proceed to Payment' });
    expect(proceed).toBeDisabled();
    // The form is its own chunk: the first load of it may take a while on a busy machine.
    await user.type(await screen.findByRole('textbox', { name: 'Address' }, { timeout: 5000 }), '5 Marina Walk');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Dubai');
    await waitFor(() => expect(screen.getByRole('option', { name: 'United Arab Emirates' })).toBeInTheDocument());
    // The shop's own country is chosen already (issue 21).
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveDisplayValue('United Arab Emirates');
    await user.type(screen.getByRole('textbox', { name: 'Phone Number' }), '050 123 4567');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    expect(await screen.findByRole('radio', { name: /5 Marina Walk/ })).toBeChecked();
    expect(api.sent('POST', '/api/v1/customers-addresses')[0]?.body).toMatchObject({
      address: '5 Marina Walk',
      country: 'AE',
      phoneNo: '+971501234567',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled());
  });

  it("offers 'Add new address' beside saved addresses, and Cancel closes the form", async () => {
    const user = userEvent.setup();
    stub();
    renderAt('/checkout');
    await user.click(await screen.findByRole('button', { name: 'Add new address' }));
    expect(await screen.findByRole('textbox', { name: 'Address' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Address' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /12 Palm Street/ })).toBeChecked();
  });
});

describe('/checkout/success', () => {
  it('refreshes the cart and every cached orders query once the order is confirmed', async () => {
    const client = createTestQueryClient();
    client.setQueryData(['cart'], cartOf([emma]));
    client.setQueryData(['customer-orders', 'list', { pageNo: 1, pageSize: 5 }], orderPage([]));
    stub({}, ({ path }) =>
      path === '/api/v1/checkout/checkout-success' ? { body: makeOrder({ status: OrderStatus.Completed }) } : undefined,
    );
    renderAt('/checkout/success?session_id=cs_test_abc', client);

    expect(await screen.findByRole('heading', { name: 'Thank you for your order' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Books in this order' })).toBeInTheDocument();
    await waitFor(() => {
      expect(client.getQueryState(['cart'])?.isInvalidated).toBe(true);
      expect(client.getQueryState(['customer-orders', 'list', { pageNo: 1, pageSize: 5 }])?.isInvalidated).toBe(true);
    });
  });
});

describe('/checkout payment choice', () => {
  it("offers 'Pay by card' and 'Cash on delivery' with the fee and limit; cash adds the fee line and places the order", async () => {
    const user = userEvent.setup();
    const api = stub({}, ({ method, path }) =>
      method === 'POST' && path === '/api/v1/checkout/create-session'
        ? { status: 201, body: { orderId: 9, url: '/checkout/success?orderId=9' } }
        : method === 'GET' && path === '/api/v1/orders/9'
          ? { body: makeOrder({ id: 9, status: OrderStatus.Pending, paymentMethod: 'cod', codFee: 10, total: 140 }) }
          : undefined,
    );
    const { router } = renderAt('/checkout');

    const payment = await screen.findByRole('group', { name: 'Payment' });
    const card = within(payment).getByRole('radio', { name: /Pay by card/ });
    const cash = within(payment).getByRole('radio', { name: /Cash on delivery/ });
    expect(card).toBeChecked();
    expect(cash).toHaveAccessibleDescription(/A fee of Dhs 10\.00 is added.*up to Dhs 1,000\.00/);
    expect(within(summary()).queryByText('Cash on delivery fee')).not.toBeInTheDocument();

    await user.click(cash);
    expect(within(summary()).getByText('Cash on delivery fee')).toBeInTheDocument();
    expect(api.sent('GET', '/api/v1/checkout/payment-methods').at(-1)?.url.search).toBe(
      '?addressId=1&deliveryMethod=standard',
    );
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await waitFor(() => expect(router.state.location.search).toBe('?orderId=9'));
    expect(api.sent('POST', '/api/v1/checkout/create-session')[0]?.body).toMatchObject({ paymentMethod: 'cod' });
    expect(leaveSiteFor).not.toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'Thank you for your order' })).toBeInTheDocument();
    expect(screen.getByText(/pay the courier/)).toHaveTextContent('Dhs 140.00');
  });

  it('disables cash on delivery with the reason and keeps the card', async () => {
    stub({}, ({ method, path }) =>
      method === 'GET' && path === '/api/v1/checkout/payment-methods'
        ? { body: paymentOptions('Cash on delivery is available only for delivery addresses in the UAE.') }
        : undefined,
    );
    renderAt('/checkout');
    const cash = await screen.findByRole('radio', { name: /Cash on delivery/ });
    expect(cash).toBeDisabled();
    expect(cash).toHaveAccessibleDescription(/only for delivery addresses in the UAE/);
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeInTheDocument();
  });
});

describe('/ar/checkout: checkout in Arabic', () => {
  it('shows the headings, the delivery options and the total in Arabic, with prices in ar-AE', async () => {
    stub();
    renderArabicAt('/checkout');

    expect(await screen.findByRole('heading', { level: 1, name: 'إتمام الشراء' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /12 Palm Street/ })).toBeChecked();
    expect(screen.getByRole('group', { name: 'عنوان التوصيل' })).toHaveTextContent('دبي، الإمارات العربية المتحدة');
    expect(screen.getByText('العنوان الرئيسي')).toBeInTheDocument();

    // The API's English method names and reasons, shown in the catalogue's Arabic.
    const methods = within(await screen.findByRole('group', { name: 'طريقة التوصيل' }));
    expect(methods.getByRole('radio', { name: /التوصيل العادي/ })).toBeChecked();
    expect(methods.getByRole('radio', { name: /التوصيل في اليوم التالي/ })).not.toBeChecked();
    expect(methods.getByText('يصل خلال 2 إلى 4 أيام عمل. مجاني للطلبات فوق 150.00 درهم.')).toBeInTheDocument();
    expect(methods.getByText(arabicPrice('15.00'))).toBeInTheDocument();
    expect(screen.queryByText(/Standard Delivery|Next-Day Delivery/)).not.toBeInTheDocument();

    const payment = within(await screen.findByRole('group', { name: 'الدفع' }));
    expect(payment.getByRole('radio', { name: /الدفع بالبطاقة/ })).toBeChecked();
    expect(payment.getByRole('radio', { name: /الدفع عند الاستلام/ })).toBeEnabled();

    const summary = within(screen.getByRole('region', { name: 'ملخص الطلب' }));
    expect(summary.getByRole('heading', { level: 2, name: 'ملخص الطلب' })).toBeInTheDocument();
    expect(summary.getByRole('list', { name: 'الكتب في طلبك' })).toBeInTheDocument();
    expect(summary.getByText('التوصيل (التوصيل العادي)')).toBeInTheDocument();
    expect(summary.getByText('الإجمالي')).toBeInTheDocument();
    // Books 135.00 − 20.00 discount + 15.00 standard delivery.
    expect(summary.getByText(arabicPrice('130.00'))).toBeInTheDocument();
    expect(summary.queryByText(/Dhs/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'المتابعة إلى الدفع' })).toHaveAccessibleDescription(
      'تُحجز نسخك لمدة 30 دقيقة بعد انتقالك إلى الدفع.',
    );
    // The head is written once its code has loaded (decision 103), a moment after the page.
    await waitFor(() => expect(document.title).toBe('إتمام الشراء | Bookshop'));
  });

  it('says in Arabic why next-day delivery cannot be chosen', async () => {
    stub({ items: [emma, { ...persuasion, isNextDayDeliveryEligible: false }] });
    renderArabicAt('/checkout');
    const nextDay = await screen.findByRole('radio', { name: /التوصيل في اليوم التالي/ });
    expect(nextDay).toBeDisabled();
    expect(nextDay).toHaveAccessibleDescription(
      /لا يُتاح التوصيل في اليوم التالي إلا إذا كانت كل الكتب في سلتك مؤهلة له/,
    );
  });

  it('gives the reservation time with م while it takes the customer to the payment page', async () => {
    const user = userEvent.setup();
    stub({}, ({ method, path }) =>
      method === 'POST' && path === '/api/v1/checkout/create-session'
        ? {
            status: 201,
            body: {
              orderId: 9,
              sessionId: 'cs_test_abc',
              url: 'https://pay.example/cs_test_abc',
              expiresAt: '2026-11-23T11:45:00.000Z',
            },
          }
        : undefined,
    );
    renderArabicAt('/checkout');
    await user.click(await screen.findByRole('button', { name: 'المتابعة إلى الدفع' }));
    expect(await screen.findByText(/محجوزة لك حتى 3:45 م\./)).toBeInTheDocument();
  });
});

describe('/ar/checkout/success: the confirmation in Arabic', () => {
  it('thanks the customer in Arabic with the order number and the total in ar-AE', async () => {
    answerApi(({ path }) =>
      path === '/api/v1/checkout/checkout-success' ? { body: makeOrder({ id: 7 }) } : undefined,
    );
    renderArabicAt('/checkout/success?session_id=cs_test_a1B2');

    expect(await screen.findByRole('heading', { level: 1, name: 'شكرًا لطلبك' })).toBeInTheDocument();
    const confirmation = screen.getByText(/^رقم طلبك/);
    expect(confirmation).toHaveTextContent(
      /^رقم طلبك BK-000007\. أرسلنا إليك تأكيدًا بالبريد الإلكتروني، وكان إجمالي طلبك/,
    );
    expect(within(confirmation).getByText('BK-000007').tagName).toBe('STRONG');
    expect(within(confirmation).getByText(arabicPrice('130.00')).tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'عرض الطلب BK-000007' })).toHaveAttribute('href', '/ar/orders/7');
    expect(screen.getByRole('link', { name: 'متابعة التسوق' })).toHaveAttribute('href', '/ar');
    await waitFor(() => expect(document.title).toBe('تم تأكيد الطلب | Bookshop'));
  });

  it('tells a cash-on-delivery customer in Arabic what to pay the courier', async () => {
    answerApi(({ path }) =>
      path === '/api/v1/orders/12'
        ? { body: makeOrder({ id: 12, status: OrderStatus.Pending, paymentMethod: 'cod' }) }
        : undefined,
    );
    renderArabicAt('/checkout/success?orderId=12');
    expect(await screen.findByRole('heading', { level: 1, name: 'شكرًا لطلبك' })).toBeInTheDocument();
    const confirmation = screen.getByText(/^رقم طلبك/);
    expect(confirmation).toHaveTextContent(/يُرجى دفع .*130\.00.* نقدًا للمندوب عند وصول كتبك\./);
  });
});
