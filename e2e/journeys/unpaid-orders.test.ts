import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, expectNoSeriousA11yViolations, newPage } from '../support/browser.ts';
import { apiAs, createConfirmedCustomer, logInThroughForm, type Customer } from '../support/accounts.ts';
import { addDubaiAddress, stockOf } from '../support/orders.ts';

/**
 * Unpaid orders (issue 21, decision 072): a customer leaves the TEST MODE sandbox's payment page
 * without paying, finds the order Pending on /account, and either goes back to pay it ('Pay now')
 * or cancels it.
 */

type Book = { id: number; title: string; stockQuantity: number };

async function bookInStock(skip: number): Promise<Book> {
  const res = await fetch(`${baseUrl}/api/v1/books?filterInStock=true&pageSize=25`);
  const { data } = (await res.json()) as { data: Book[] };
  const book = data.filter((candidate) => candidate.stockQuantity >= 3).at(-1 - skip);
  if (!book) throw new Error('The demo catalogue has no book with three copies in stock');
  return book;
}

/** A signed-in customer with an address and two copies of `book` in the cart. */
async function customerWithCart(book: Book): Promise<{ customer: Customer; page: Page }> {
  const customer = await createConfirmedCustomer();
  await addDubaiAddress(customer);
  await apiAs(customer).post('cart', { bookId: book.id, quantity: 2 });
  const page = await newPage();
  await logInThroughForm(page, customer);
  return { customer, page };
}

/** /checkout to the sandbox's hosted page; answers the page's address. */
async function goToPayment(page: Page): Promise<string> {
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Standard Delivery/ }).waitFor();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(/\/sandbox\/checkout\/cs_/);
  await page.getByText(/Reserved for you until/).waitFor();
  return new URL(page.url()).pathname;
}

/** The customer's only order on /account: its row and number. */
async function theOrderRow(page: Page) {
  await page.goto('/account');
  const link = page.getByRole('link', { name: /^Order BK-\d{6}$/ });
  await link.waitFor();
  expect(await link.count()).toBe(1);
  const orderNumber = (await link.innerText()).replace('Order ', '');
  return { row: page.getByRole('listitem').filter({ has: link }), orderNumber };
}

describe('unpaid orders', () => {
  it('leaves the payment unpaid, finds the order on /account and pays it there with Pay now', async () => {
    const book = await bookInStock(0);
    const { customer, page } = await customerWithCart(book);
    const before = await stockOf(book);

    const paymentPage = await goToPayment(page);
    // The customer walks away from the payment page (no Cancel pressed) and comes back later.
    const { row, orderNumber } = await theOrderRow(page);
    await row.getByText('Pending').waitFor();
    await row.getByText(/Awaiting payment: your books are held until \d{1,2}:\d{2} (AM|PM)\./).waitFor();
    await expectNoSeriousA11yViolations(page);

    // Checking out the unchanged cart again answers the same order and payment page.
    expect(await goToPayment(page)).toBe(paymentPage);
    expect((await theOrderRow(page)).orderNumber).toBe(orderNumber);
    expect(await stockOf(book)).toBe(before - 2);

    await row.getByRole('button', { name: `Pay now order ${orderNumber}` }).click();
    await page.waitForURL((url) => url.pathname === paymentPage);
    await page.getByLabel('Email').fill(customer.emailAddress);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Cardholder name').fill('Omar Saleh');
    await page.getByRole('button', { name: /^Pay Dhs / }).click();
    await page.waitForURL(/\/checkout\/success\?session_id=cs_/);
    await page.getByRole('link', { name: `View Order ${orderNumber}` }).waitFor();

    const after = await theOrderRow(page);
    await after.row.getByText('Completed').waitFor();
    expect(await after.row.getByRole('button').count()).toBe(0);
    expect(await stockOf(book)).toBe(before - 2);
  });

  it('cancels an unpaid order from its page after confirming: the copies go back and the order says why', async () => {
    const book = await bookInStock(1);
    const { page } = await customerWithCart(book);
    const before = await stockOf(book);

    const paymentPage = await goToPayment(page);
    await expect.poll(() => stockOf(book)).toBe(before - 2);
    const { row, orderNumber } = await theOrderRow(page);
    await row.getByRole('link', { name: `Order ${orderNumber}` }).click();
    const heading = page.getByRole('heading', { name: new RegExp(`Order ${orderNumber}`) });
    await heading.getByText('Pending').waitFor();

    // The dialog asks first; keeping the order changes nothing.
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${orderNumber}?` });
    await dialog.waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await stockOf(book)).toBe(before - 2);

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await page.getByText('Order cancelled.').waitFor();
    await heading.getByText('Cancelled').waitFor();
    const cancellation = page.getByRole('region', { name: 'Cancellation' });
    await cancellation.getByText('Cancelled by the customer before payment').waitFor();
    expect(await page.getByRole('button', { name: 'Pay now' }).count()).toBe(0);
    await expect.poll(() => stockOf(book)).toBe(before);

    // Its payment page is closed, and the cart still holds the books.
    expect(await (await fetch(`${baseUrl}${paymentPage}`)).text()).toContain('Payment page expired');
    await page.goto('/cart');
    await page.getByRole('group', { name: `Quantity of ${book.title}` }).waitFor();
  });
});
