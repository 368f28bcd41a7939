import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  expectConsoleMessage,
  expectFailedLoad,
  expectNoSeriousA11yViolations,
  newPage,
} from '../support/browser.ts';
import { apiAs, createConfirmedCustomer, logInThroughForm, type Customer } from '../support/accounts.ts';
import { addDubaiAddress, stockOf } from '../support/orders.ts';

type Book = { id: number; title: string; stockQuantity: number; isInStock: boolean };

async function bookInStock(skip = 0): Promise<Book> {
  const res = await fetch(`${baseUrl}/api/v1/books?filterInStock=true&pageSize=25`);
  const { data } = (await res.json()) as { data: Book[] };
  const book = data.filter((candidate) => candidate.stockQuantity >= 3)[skip];
  if (!book) throw new Error('The demo catalogue has no book with three copies in stock');
  return book;
}

/** From the cart to the sandbox's hosted page, through /checkout. */
async function checkOut(page: Page) {
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/checkout$/);
  await page.getByText('Your copies are reserved for 30 minutes once you proceed to payment.').waitFor();
  await page.getByRole('radio', { name: /Standard Delivery/ }).waitFor();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(/\/sandbox\/checkout\/cs_/);
  await page.getByText(/Reserved for you until/).waitFor();
}

async function fillCard(page: Page, customer: Customer, cardNumber: string) {
  await page.getByLabel('Email').fill(customer.emailAddress);
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiration').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Cardholder name').fill('Omar Saleh');
  await page.getByRole('button', { name: /^Pay Dhs / }).click();
}

describe('checkout', () => {
  it('pays with a test card on the hosted page and finds the order Completed in the account', async () => {
    const book = await bookInStock();
    const customer = await createConfirmedCustomer();
    await apiAs(customer).post('cart', { bookId: book.id, quantity: 1 });

    const page = await newPage();
    await logInThroughForm(page, customer);
    await page.goto('/cart');
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/checkout$/);

    // No saved address yet: the form opens inline and the saved address becomes the choice.
    await page.getByLabel('Address', { exact: true }).fill('12 Al Wasl Road');
    await page.getByLabel('Country').selectOption({ label: 'United Arab Emirates' });
    await page.getByLabel('City').fill('Dubai');
    // The city names the emirate, and the select takes it (decision 079).
    expect(await page.getByLabel('Emirate').inputValue()).toBe('Dubai');
    await page.getByLabel('Phone Number').fill('050 123 4567');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await expect.poll(() => page.getByRole('radio', { name: /12 Al Wasl Road/ }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: /Standard Delivery/ }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL(/\/sandbox\/checkout\/cs_/);
    await page.getByText(/Reserved for you until/).waitFor();
    await fillCard(page, customer, '4242 4242 4242 4242');

    await page.waitForURL(/\/checkout\/success\?session_id=cs_/);
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const orderLink = page.getByRole('link', { name: /^View Order BK-\d{6}$/ });
    const orderNumber = (await orderLink.innerText()).replace('View Order ', '');
    await expectNoSeriousA11yViolations(page);

    // Placing the order refreshed the cart (the badge) and the orders list.
    await page.goto('/account');
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Order ${orderNumber}` }) });
    await row.getByText('Completed').waitFor();
    await row.getByRole('link', { name: `Order ${orderNumber}` }).click();
    await page.getByRole('heading', { name: new RegExp(`Order ${orderNumber}`) }).waitFor();
    await page.getByRole('region', { name: 'Status history' }).getByText('Completed').waitFor();
    expect((await apiAs(customer).get<{ items: unknown[] }>('cart')).items).toHaveLength(0);

    // Its tax invoice (decision 085), downloaded with the session's token under its number.
    const downloading = page.waitForEvent('download');
    await page.getByRole('region', { name: 'Invoices' }).getByRole('link', { name: 'Download invoice' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
    await expectNoSeriousA11yViolations(page);
  });

  it('says the shop does not deliver to a London address, and takes the customer on with their Dubai one', async () => {
    const book = await bookInStock();
    const customer = await createConfirmedCustomer();
    await addDubaiAddress(customer);
    const london = (await apiAs(customer).post('customers-addresses', {
      address: '221B Baker Street',
      country: 'GB',
      city: 'London',
      phoneNo: '020 7946 0958',
    })) as { id: number };
    await apiAs(customer).post('cart', { bookId: book.id, quantity: 1 });

    const page = await newPage();
    await logInThroughForm(page, customer);
    await page.goto('/checkout');
    await page.getByRole('radio', { name: /Standard Delivery/ }).waitFor();
    expectFailedLoad(
      page,
      409,
      `/api/v1/customers-addresses/delivery-methods?addressId=${london.id}`,
      'the journey chooses an address outside every delivery zone; the quote refuses it with 409',
    );
    await page.getByRole('radio', { name: /221B Baker Street/ }).check();
    // Said once, where the delivery methods were: no toast repeats it.
    await page.getByText('We deliver only to addresses in the United Arab Emirates. Choose another address.').waitFor();
    expect(await page.getByRole('button', { name: 'Proceed to Payment' }).isDisabled()).toBe(true);

    await page.getByRole('radio', { name: /12 Al Wasl Road/ }).check();
    await page.getByRole('radio', { name: /Standard Delivery/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Proceed to Payment' }).isEnabled()).toBe(true);
  });

  it('keeps the cart and releases the copies when a declined card is followed by Cancel', async () => {
    const book = await bookInStock(1);
    const customer = await createConfirmedCustomer();
    await addDubaiAddress(customer);
    await apiAs(customer).post('cart', { bookId: book.id, quantity: 2 });
    const before = await stockOf(book);

    const page = await newPage();
    await logInThroughForm(page, customer);
    // The rest on a phone: the checkout and outcome pages at 360 px.
    await page.setViewportSize({ width: 360, height: 740 });
    await checkOut(page);
    // The two copies are held for this customer while the payment page is open.
    await expect.poll(() => stockOf(book)).toBe(before - 2);

    expectConsoleMessage(
      page,
      /Failed to load resource: .* status of 402 .*\/sandbox\/checkout\/cs_\w+\)$/,
      'the journey pays with the test card that is always declined; the sandbox answers 402',
    );
    await fillCard(page, customer, '4000 0000 0000 0002');
    await page.getByText('Your card was declined.').first().waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/sandbox\/checkout\/cs_/);

    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(/\/checkout\/cancel\?session_id=cs_/);
    await page.getByText(/your cart is kept just as it was/).waitFor();
    await expect.poll(() => stockOf(book)).toBe(before);

    await page.getByRole('link', { name: 'Back to Cart' }).click();
    await page.waitForURL(/\/cart$/);
    await expect
      .poll(() =>
        page
          .getByRole('group', { name: `Quantity of ${book.title}` })
          .locator('output')
          .innerText(),
      )
      .toBe('2');
    const cart = await apiAs(customer).get<{ items: { id: number; quantity: number }[] }>('cart');
    expect(cart.items.map(({ id, quantity }) => ({ id, quantity }))).toEqual([{ id: book.id, quantity: 2 }]);
  });
});
