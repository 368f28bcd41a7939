/**
 * The README's pictures of a staff member's day (issue 22): receiving copies, shipping a parcel,
 * what the customer then sees, the courier's hand-over list, a cash-on-delivery parcel at the door
 * and a return to approve. Not a test and not in CI:
 *
 *   npm run build && npm run screenshots:staff              # starts its own demo shop
 *   SHOP_URL=http://localhost:3000 npm run screenshots:staff   # or uses a running demo shop
 *
 * It places orders as the demo customer and acts as the demo Admin, so point it only at a demo
 * shop. The pictures (JPEG, well under 150 KB each) are written to docs/images/staff/.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { markPacked, openStaffOrder, ship } from '../support/fulfilment.ts';
import { logInThroughForm, logInToAdmin } from '../support/log-in.ts';
import { demoApi } from '../support/demo-api.ts';
import { CHROMIUM_ARGS } from '../support/chromium.ts';
import { startShop } from '../support/shop.ts';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/images/staff');
const DEMO_ADMIN = { emailAddress: 'admin@bookshop.local', password: 'Demo-admin1!' };
const DEMO_CUSTOMER = { emailAddress: 'customer@bookshop.local', password: 'Demo-customer1!' };

type Book = { id: number; title: string; stockQuantity: number; discountedPrice: number };
type Order = { id: number; orderNumber: string; shipments: { id: number }[] };

const shop = process.env.SHOP_URL ? undefined : await startShop();
const baseUrl = (process.env.SHOP_URL ?? shop!.baseUrl).replace(/\/$/, '');

const api = demoApi(baseUrl);

/** The customer's cart holds `quantity` copies of `book` and is paid on the sandbox's page. */
async function paidOrder(token: string, addressId: number, book: Book, quantity: number): Promise<Order> {
  await api('POST', 'cart', { bookId: book.id, quantity }, token);
  const session = await api<{ sessionId: string; url: string }>(
    'POST',
    'checkout/create-session',
    { addressId, deliveryMethod: 'standard' },
    token,
  );
  const paid = await fetch(new URL(session.url, baseUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: DEMO_CUSTOMER.emailAddress,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
      cardholderName: 'Layla Haddad',
    }),
  });
  if (paid.status !== 303) throw new Error(`The sandbox refused the test card (${paid.status})`);
  return api<Order>('GET', `checkout/checkout-success?sessionId=${session.sessionId}`, undefined, token);
}

async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
}

/** A JPEG of the page's window, of one part of the page (`clip`, in page coordinates), or of one element. */
async function shoot(
  what: Page | Locator,
  name: string,
  clip?: { x: number; y: number; width: number; height: number },
) {
  const file = path.join(OUT, `${name}.jpg`);
  const options = { path: file, type: 'jpeg', quality: 72, animations: 'disabled', caret: 'hide' } as const;
  await (clip && 'goto' in what ? what.screenshot({ ...options, fullPage: true, clip }) : what.screenshot(options));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const contexts: BrowserContext[] = [];
async function newPage() {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    timezoneId: 'Asia/Dubai',
  });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

try {
  await mkdir(OUT, { recursive: true });
  const admin = await api<{ token: string }>('POST', 'users/login', DEMO_ADMIN);
  const customer = await api<{ token: string }>('POST', 'customers/login', DEMO_CUSTOMER);
  const address = await api<{ id: number }>(
    'POST',
    'customers-addresses',
    { address: '12 Al Wasl Road', country: 'AE', city: 'Dubai', phoneNo: '050 123 4567', isMain: true },
    customer.token,
  );
  const { data } = await api<{ data: Book[] }>('GET', 'books?filterInStock=true&pageSize=25');
  const books = data.filter((b) => b.stockQuantity >= 3 && b.discountedPrice < 300).slice(-3);
  if (books.length < 3) throw new Error('The catalogue has too few books in stock for the pictures');
  const [returned, shipped, cash] = books as [Book, Book, Book];

  const staff = await newPage();
  await logInToAdmin(staff, DEMO_ADMIN);
  const shopper = await newPage();
  await logInThroughForm(shopper, DEMO_CUSTOMER);

  // Stock: a delivery from the distributor, then the book's ledger.
  await api(
    'POST',
    `books/${returned.id}/stock-movements`,
    { delta: 12, reason: 'received', note: 'Delivery from the distributor' },
    admin.token,
  );
  await visit(staff, `/admin/dashboard/update-book/${returned.id}`);
  const stock = staff.getByRole('region', { name: 'Stock', exact: true });
  await stock.getByText('Delivery from the distributor').filter({ visible: true }).first().waitFor();
  await stock.scrollIntoViewIfNeeded();
  await shoot(stock, 'stock-ledger');

  // Fulfilment: pack, then the Ship dialog with Aramex and the label's number.
  const parcel = await paidOrder(customer.token, address.id, shipped, 1);
  const order = { orderId: parcel.id, orderNumber: parcel.orderNumber };
  await openStaffOrder(staff, order);
  await markPacked(staff, order.orderNumber);
  await ship(
    staff,
    order.orderNumber,
    { carrier: 'aramex', carrierName: 'Aramex', trackingNumber: '35123456789', copies: 1 },
    () => shoot(staff, 'ship-dialog'),
  );
  // What the customer sees: the progress and 'Track your parcel'.
  await visit(shopper, `/orders/${order.orderId}`);
  await shopper.getByRole('link', { name: /^Track your parcel/ }).waitFor();
  // From the order's heading down to its parcels, taller than the window.
  await shopper.evaluate(() => window.scrollTo(0, 0));
  const top = (await shopper.getByRole('heading', { level: 1 }).boundingBox())!.y - 8;
  const parcels = (await shopper.getByRole('region', { name: 'Shipments' }).boundingBox())!;
  await shoot(shopper, 'customer-tracking', {
    x: 0,
    y: top,
    width: 1280,
    height: parcels.y + parcels.height + 16 - top,
  });

  // Cash on delivery: the customer's choice at checkout, then the courier's hand-over list.
  await api('POST', 'cart', { bookId: cash.id, quantity: 1 }, customer.token);
  await visit(shopper, '/checkout');
  await shopper.getByRole('radio', { name: /Cash on delivery/ }).check();
  await shopper.getByText('Cash on delivery fee').waitFor();
  await shoot(shopper, 'checkout-cash-on-delivery');
  await shopper.getByRole('button', { name: 'Place Order' }).click();
  await shopper.waitForURL(/\/checkout\/success\?orderId=\d+$/);
  const cashOrderId = Number(new URL(shopper.url()).searchParams.get('orderId'));
  await api('PATCH', `orders/${cashOrderId}/fulfilment`, { status: 'packed' }, admin.token);
  await visit(staff, '/admin/dashboard/orders?fulfilmentStatus=packed');
  await staff.getByRole('button', { name: 'Download CSV' }).waitFor();
  await staff.getByText(/^To ship: \d+/).waitFor();
  await shoot(staff, 'orders-packed');

  // The van hands it over and takes the cash: the confirmation says so.
  const cashOrder = await api<Order>('GET', `orders/${cashOrderId}`, undefined, admin.token);
  await openStaffOrder(staff, { orderId: cashOrderId, orderNumber: cashOrder.orderNumber });
  await ship(staff, cashOrder.orderNumber, { carrier: 'shop-courier', carrierName: 'Shop courier', copies: 1 });
  await staff.getByRole('button', { name: 'Mark as delivered (parcel 1)' }).click();
  await staff
    .getByRole('dialog')
    .getByText(/in cash/)
    .waitFor();
  await shoot(staff, 'cash-delivered-dialog');
  await staff.getByRole('dialog').getByRole('button', { name: 'Not now' }).click();

  // Returns: a delivered order, one copy asked back, as staff find it.
  const delivered = await paidOrder(customer.token, address.id, returned, 2);
  await api('PATCH', `orders/${delivered.id}/fulfilment`, { status: 'packed' }, admin.token);
  const sent = await api<Order>(
    'POST',
    `orders/${delivered.id}/shipments`,
    { carrier: 'emirates-post', trackingNumber: 'RR123456785AE' },
    admin.token,
  );
  await api('PATCH', `orders/${delivered.id}/shipments/${sent.shipments[0]!.id}`, { status: 'delivered' }, admin.token);
  await api(
    'POST',
    `orders/${delivered.id}/returns`,
    { lines: [{ bookId: returned.id, quantity: 1 }], reason: 'Two copies arrived; we only needed one.' },
    customer.token,
  );
  await visit(staff, '/admin/dashboard/returns');
  await staff.getByRole('button', { name: 'Approve' }).first().waitFor();
  await shoot(staff, 'returns');
} finally {
  for (const context of contexts) await context.close();
  await browser.close();
  await shop?.stop();
}
