/**
 * The Arabic storefront at a phone's, a tablet's and a desktop's width (issue 24), for reviewing
 * the mirrored layout: the home page, an Arabic book's page, the cart and the checkout, each at
 * 390, 1024 and 1440 px. Not a test and not in CI:
 *
 *   npm run build && npm run screenshots:arabic              # starts its own demo shop
 *   SHOP_URL=http://localhost:3000 npm run screenshots:arabic   # or uses a running demo shop
 *
 * It fills the demo customer's cart and gives them an address, so point it only at a demo shop.
 * The pictures (JPEG, the first screen of each page) are written to docs/images/arabic/.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { demoApi } from '../support/demo-api.ts';
import { CHROMIUM_ARGS } from '../support/chromium.ts';
import { startShop } from '../support/shop.ts';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/images/arabic');
const DEMO_CUSTOMER = { emailAddress: 'customer@bookshop.local', password: 'Demo-customer1!' };
const ARABIC_BOOK = 'Kalila and Dimna';
const WIDTHS = [390, 1024, 1440] as const;

const shop = process.env.SHOP_URL ? undefined : await startShop();
const baseUrl = (process.env.SHOP_URL ?? shop!.baseUrl).replace(/\/$/, '');

const api = demoApi(baseUrl);

async function shoot(page: Page, pagePath: string, name: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(pagePath);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  const file = path.join(OUT, `${name}.jpg`);
  await page.screenshot({ path: file, type: 'jpeg', quality: 70, animations: 'disabled', caret: 'hide' });
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
try {
  await mkdir(OUT, { recursive: true });
  const customer = await api<{ token: string }>('POST', 'customers/login', DEMO_CUSTOMER);
  const addresses = await api<unknown[]>('GET', 'customers-addresses', undefined, customer.token);
  if (addresses.length === 0)
    await api(
      'POST',
      'customers-addresses',
      { address: '12 Al Wasl Road', country: 'AE', city: 'Dubai', phoneNo: '050 123 4567', isMain: true },
      customer.token,
    );
  const book = await api<{ id: number; titleAr: string }>('GET', `books/${encodeURIComponent(ARABIC_BOOK)}`);
  await api('POST', 'cart', { bookId: book.id, quantity: 1 }, customer.token).catch(() => undefined);

  for (const width of WIDTHS) {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width, height: width < 600 ? 844 : 900 },
      locale: 'ar-AE',
      timezoneId: 'Asia/Dubai',
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await shoot(page, '/ar', `home-${width}`, (p) => p.getByRole('article').first().waitFor());
    await shoot(page, `/ar/books/${encodeURIComponent(ARABIC_BOOK)}`, `book-${width}`, (p) =>
      p.getByRole('heading', { level: 1, name: book.titleAr }).waitFor(),
    );
    // The Arabic log-in page (its Logout button is in the menu on a phone, so wait for the way home).
    await page.goto('/ar/login');
    await page.getByLabel('البريد الإلكتروني').fill(DEMO_CUSTOMER.emailAddress);
    await page.getByLabel('كلمة المرور', { exact: true }).fill(DEMO_CUSTOMER.password);
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/ar');
    await shoot(page, '/ar/cart', `cart-${width}`, (p) => p.getByRole('heading', { level: 1 }).waitFor());
    await shoot(page, '/ar/checkout', `checkout-${width}`, (p) => p.getByRole('radio').first().waitFor());
    await context.close();
  }
} finally {
  await browser.close();
  await shop?.stop();
}
