import { describe, expect, it } from 'vitest';
import {
  apiAs,
  createConfirmedCustomer,
  createStaffWithRole,
  logInThroughForm,
  logInToAdmin,
} from '../support/accounts.ts';
import { baseUrl, expectNoSeriousA11yViolations, newPage } from '../support/browser.ts';
import { waitForMail } from '../support/mail.ts';

type Book = { id: number; title: string; stockQuantity: number; discountedPrice: number };

async function cheapBookInStock(): Promise<Book> {
  const res = await fetch(`${baseUrl}/api/v1/books?filterInStock=true&pageSize=25`);
  const { data } = (await res.json()) as { data: Book[] };
  // Away from the books other journeys buy, and well under the cash limit.
  const book = data.filter((candidate) => candidate.stockQuantity >= 3 && candidate.discountedPrice < 500).at(-3);
  if (!book) throw new Error('The demo catalogue has no book with three copies in stock under Dhs 500');
  return book;
}

/** Cash on delivery (issue 22, decision 081): placed in the shop, shipped unpaid, paid at the door. */
describe('cash on delivery', () => {
  it('the customer chooses cash on delivery, staff ship it and mark it delivered with the cash collected', async () => {
    const book = await cheapBookInStock();
    const customer = await createConfirmedCustomer();
    await apiAs(customer).post('customers-addresses', {
      address: '12 Al Wasl Road',
      country: 'AE',
      city: 'Dubai',
      phoneNo: '050 123 4567',
      isMain: true,
    });
    await apiAs(customer).post('cart', { bookId: book.id, quantity: 1 });

    const shopper = await newPage();
    await logInThroughForm(shopper, customer);
    await shopper.goto('/checkout');
    await shopper.getByRole('radio', { name: /Standard Delivery/ }).waitFor();
    const cash = shopper.getByRole('radio', { name: /Cash on delivery/ });
    await cash.waitFor();
    await cash.check();
    await shopper.getByText('Cash on delivery fee').waitFor();
    await expectNoSeriousA11yViolations(shopper);
    await shopper.getByRole('button', { name: 'Place Order' }).click();
    await shopper.waitForURL(/\/checkout\/success\?orderId=\d+$/);
    await shopper.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const link = shopper.getByRole('link', { name: /^View Order BK-\d{6}$/ });
    const orderNumber = (await link.innerText()).replace('View Order ', '');
    const orderId = Number(orderNumber.replace('BK-', ''));
    expect(await shopper.getByText(/pay the courier/).innerText()).toMatch(/Dhs [\d,]+\.\d{2}/);
    await waitForMail(customer.emailAddress, `Your order ${orderNumber} is confirmed`);

    const supervisor = await createStaffWithRole('Supervisor');
    const staff = await newPage();
    await logInToAdmin(staff, supervisor);
    await staff.goto(`/admin/dashboard/orders/${orderId}`);
    await staff.getByRole('heading', { name: new RegExp(`Order ${orderNumber}`) }).waitFor();
    await staff.getByRole('button', { name: 'Ship', exact: true }).click();
    const shipDialog = staff.getByRole('dialog', { name: `Ship order ${orderNumber}` });
    await shipDialog.getByRole('option', { name: 'Aramex' }).waitFor({ state: 'attached' });
    await shipDialog.getByLabel('Carrier').selectOption('aramex');
    await shipDialog.getByLabel('Tracking number').fill('35123456780');
    await shipDialog.getByRole('button', { name: 'Ship 1 copy' }).click();
    await shipDialog.waitFor({ state: 'detached' });
    await staff.getByText(`Order ${orderNumber} is on its way.`).waitFor();

    await staff.getByRole('button', { name: 'Mark as delivered (parcel 1)' }).click();
    const deliverDialog = staff.getByRole('dialog', { name: `Mark parcel 1 of order ${orderNumber} as delivered?` });
    await deliverDialog.getByText(/in cash/).waitFor();
    await deliverDialog.getByRole('button', { name: 'Mark as delivered' }).click();
    await deliverDialog.waitFor({ state: 'detached' });
    await staff.getByText(`Parcel 1 of order ${orderNumber} is delivered.`).waitFor();

    const order = await apiAs(customer).get<{ status: number; paidAt: string | null }>(`orders/${orderId}`);
    expect(order.status).toBe(2);
    expect(order.paidAt).not.toBeNull();
  });
});
