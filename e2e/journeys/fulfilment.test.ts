import { describe, expect, it } from 'vitest';
import {
  apiAs,
  createConfirmedCustomer,
  createStaffWithRole,
  logInThroughForm,
  logInToAdmin,
  type Customer,
} from '../support/accounts.ts';
import { baseUrl, expectNoSeriousA11yViolations, newPage } from '../support/browser.ts';
import { waitForMail } from '../support/mail.ts';

type Book = { id: number; title: string; stockQuantity: number };

async function bookInStock(): Promise<Book> {
  const res = await fetch(`${baseUrl}/api/v1/books?filterInStock=true&pageSize=25`);
  const { data } = (await res.json()) as { data: Book[] };
  // Near the end of the page, away from the first books other journeys buy.
  const book = data.filter((candidate) => candidate.stockQuantity >= 3).at(-2);
  if (!book) throw new Error('The demo catalogue has no book with three copies in stock');
  return book;
}

/** The customer pays for one copy on the sandbox's hosted page; answers the order's number and id. */
async function buyOneCopy(customer: Customer, book: Book) {
  await apiAs(customer).post('customers-addresses', {
    address: '12 Al Wasl Road',
    country: 'AE',
    city: 'Dubai',
    phoneNo: '050 123 4567',
    isMain: true,
  });
  await apiAs(customer).post('cart', { bookId: book.id, quantity: 1 });
  const page = await newPage();
  await logInThroughForm(page, customer);
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/checkout$/);
  await page.getByRole('radio', { name: /Standard Delivery/ }).waitFor();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(/\/sandbox\/checkout\/cs_/);
  await page.getByLabel('Email').fill(customer.emailAddress);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Cardholder name').fill('Omar Saleh');
  await page.getByRole('button', { name: /^Pay Dhs / }).click();
  await page.waitForURL(/\/checkout\/success\?session_id=cs_/);
  const link = page.getByRole('link', { name: /^View Order BK-\d{6}$/ });
  const orderNumber = (await link.innerText()).replace('View Order ', '');
  return { page, orderNumber, orderId: Number(orderNumber.replace('BK-', '')) };
}

describe('fulfilment', () => {
  it('staff pack and ship with Aramex, the customer follows the tracking link, staff mark it delivered', async () => {
    const book = await bookInStock();
    const customer = await createConfirmedCustomer();
    const { page: shopper, orderNumber, orderId } = await buyOneCopy(customer, book);
    const supervisor = await createStaffWithRole('Supervisor');

    const staff = await newPage();
    await logInToAdmin(staff, supervisor);
    await staff.goto(`/admin/dashboard/orders/${orderId}`);
    await staff.getByRole('heading', { name: new RegExp(`Order ${orderNumber}`) }).waitFor();

    await staff.getByRole('button', { name: 'Mark as packed' }).click();
    const packDialog = staff.getByRole('dialog', { name: `Mark order ${orderNumber} as packed?` });
    await packDialog.getByRole('button', { name: 'Mark as packed' }).click();
    await packDialog.waitFor({ state: 'detached' });
    const step = (page: typeof staff) =>
      page.getByRole('region', { name: 'Progress' }).locator('[aria-current="step"]').innerText();
    // The notice shows although the button that asked is gone with the order's new state.
    await staff.getByText(`Order ${orderNumber} is packed.`).waitFor();
    await expect.poll(() => step(staff)).toMatch(/^Packed\s*\d{2}\/\d{2}\/\d{4}, /);

    await staff.getByRole('button', { name: 'Ship', exact: true }).click();
    const shipDialog = staff.getByRole('dialog', { name: `Ship order ${orderNumber}` });
    await shipDialog.getByRole('option', { name: 'Aramex' }).waitFor({ state: 'attached' });
    await shipDialog.getByLabel('Carrier').selectOption('aramex');
    await shipDialog.getByLabel('Tracking number').fill('35123456789');
    await expectNoSeriousA11yViolations(staff);
    await shipDialog.getByRole('button', { name: 'Ship 1 copy' }).click();
    await shipDialog.waitFor({ state: 'detached' });
    await staff.getByText(`Order ${orderNumber} is on its way.`).waitFor();
    await expect.poll(() => step(staff)).toMatch(/^Shipped/);
    // Copies that left the shop are returned, never cancelled.
    expect(await staff.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);

    const mail = await waitForMail(customer.emailAddress, `Your order ${orderNumber} is on its way`);
    expect(mail).toContain('https://www.aramex.com/track/results?ShipmentNumber=35123456789');

    await shopper.goto(`/orders/${orderId}`);
    const parcel = shopper.getByRole('region', { name: 'Shipments' });
    const track = parcel.getByRole('link', { name: /^Track your parcel/ });
    expect(await track.getAttribute('href')).toBe('https://www.aramex.com/track/results?ShipmentNumber=35123456789');
    await expect.poll(() => step(shopper)).toMatch(/^Shipped\s*\d{2}\/\d{2}\/\d{4}, /);
    await expectNoSeriousA11yViolations(shopper);

    await staff.getByRole('button', { name: 'Mark as delivered (parcel 1)' }).click();
    const deliverDialog = staff.getByRole('dialog', { name: `Mark parcel 1 of order ${orderNumber} as delivered?` });
    await deliverDialog.getByRole('button', { name: 'Mark as delivered' }).click();
    await deliverDialog.waitFor({ state: 'detached' });
    await staff.getByText(`Parcel 1 of order ${orderNumber} is delivered.`).waitFor();
    await waitForMail(customer.emailAddress, `Your order ${orderNumber} was delivered`);

    await shopper.reload();
    await expect.poll(() => step(shopper)).toMatch(/^Delivered\s*\d{2}\/\d{2}\/\d{4}, /);
    await shopper.goto('/account');
    const row = shopper
      .getByRole('listitem')
      .filter({ has: shopper.getByRole('link', { name: `Order ${orderNumber}` }) });
    await row.getByText('Delivered').waitFor();
  });
});
