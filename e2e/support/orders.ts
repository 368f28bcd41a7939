import type { Page } from 'playwright-core';
import { apiAs, type Customer, logInThroughForm } from './accounts.ts';
import { baseUrl, newPage } from './browser.ts';

export type Book = { id: number; title: string; stockQuantity: number; discountedPrice: number };

/**
 * A book in stock with at least `minStock` copies (and under `maxPrice` dirhams), taken `fromEnd`
 * places from the end of the first page, away from the first books other journeys buy.
 */
export async function bookInStock({
  minStock = 3,
  maxPrice = Infinity,
  fromEnd = 2,
}: { minStock?: number; maxPrice?: number; fromEnd?: number } = {}): Promise<Book> {
  const res = await fetch(`${baseUrl}/api/v1/books?filterInStock=true&pageSize=25`);
  const { data } = (await res.json()) as { data: Book[] };
  const book = data
    .filter((candidate) => candidate.stockQuantity >= minStock && candidate.discountedPrice < maxPrice)
    .at(-fromEnd);
  if (!book) throw new Error(`The demo catalogue has no book with ${minStock} copies in stock under Dhs ${maxPrice}`);
  return book;
}

/** The book's stock now, as its page's API answers it. */
export async function stockOf(book: Pick<Book, 'title'>): Promise<number> {
  const res = await fetch(`${baseUrl}/api/v1/books/${encodeURIComponent(book.title)}`);
  return ((await res.json()) as Book).stockQuantity;
}

/** Gives the customer a main delivery address in Dubai (every method and cash on delivery serve it). */
export async function addDubaiAddress(customer: Customer): Promise<{ id: number }> {
  return (await apiAs(customer).post('customers-addresses', {
    address: '12 Al Wasl Road',
    country: 'AE',
    city: 'Dubai',
    phoneNo: '050 123 4567',
    isMain: true,
  })) as { id: number };
}

/** Pays on the TEST MODE sandbox's hosted page with the card that always succeeds. */
export async function payWithTestCard(page: Page, customer: Pick<Customer, 'emailAddress'>) {
  await page.waitForURL(/\/sandbox\/checkout\/cs_/);
  await page.getByLabel('Email').fill(customer.emailAddress);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Cardholder name').fill('Omar Saleh');
  await page.getByRole('button', { name: /^Pay Dhs / }).click();
}

/** The order a confirmation page links to ('View Order BK-000123'): its number and id. */
export async function confirmedOrder(page: Page) {
  const link = page.getByRole('link', { name: /^View Order BK-\d{6}$/ });
  const orderNumber = (await link.innerText()).replace('View Order ', '');
  return { orderNumber, orderId: Number(orderNumber.replace('BK-', '')) };
}

/**
 * The customer (with a Dubai address) puts `quantity` copies in the cart, logs in, goes from the
 * cart through /checkout to the sandbox and pays by card; answers their page and the order.
 */
export async function buyByCard(customer: Customer, book: Book, quantity = 1) {
  await addDubaiAddress(customer);
  await apiAs(customer).post('cart', { bookId: book.id, quantity });
  const page = await newPage();
  await logInThroughForm(page, customer);
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/checkout$/);
  await page.getByRole('radio', { name: /Standard Delivery/ }).waitFor();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payWithTestCard(page, customer);
  await page.waitForURL(/\/checkout\/success\?session_id=cs_/);
  return { page, ...(await confirmedOrder(page)) };
}
