import { describe, expect, it } from 'vitest';
import {
  apiAs,
  createConfirmedCustomer,
  createStaffMember,
  logInThroughForm,
  logInToAdmin,
} from '../support/accounts.ts';
import { expectNoSeriousA11yViolations, newPage } from '../support/browser.ts';
import { currentStep, markDelivered, markPacked, openStaffOrder, ship } from '../support/fulfilment.ts';
import { waitForMail } from '../support/mail.ts';
import { addDubaiAddress, bookInStock, buyByCard, confirmedOrder, stockOf } from '../support/orders.ts';

/** As the shop writes a price (contracts' formatPrice). */
const dirhams = (aed: number) => `Dhs ${aed.toFixed(2)}`;
const DATE_TIME = /\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [AP]M/;

/**
 * After the sale (issue 22, decisions 078-081): what a customer and the staff see from the payment
 * to the parcel at the door, a return and its refund, and cash on delivery ending in a review.
 */
describe('after the sale', () => {
  it('paid by card: packed, shipped with Aramex and tracked, delivered, one copy returned, restocked and refunded', async () => {
    const book = await bookInStock({ minStock: 3 });
    const customer = await createConfirmedCustomer();
    const { page: shopper, orderNumber, orderId } = await buyByCard(customer, book, 2);
    const stockAfterSale = await stockOf(book);

    const staff = await newPage();
    await logInToAdmin(staff, await createStaffMember('Supervisor'));
    await openStaffOrder(staff, { orderId, orderNumber });
    const heading = staff.getByRole('heading', { level: 1 });
    expect(await heading.innerText()).toContain('Completed');
    await staff.getByText('Unfulfilled', { exact: true }).waitFor();
    await expect.poll(() => currentStep(staff)).toMatch(new RegExp(`^Paid\\s*${DATE_TIME.source}`));

    await markPacked(staff, orderNumber);
    // The notice shows although the button that asked is gone with the order's new state.
    await expect.poll(() => currentStep(staff)).toMatch(new RegExp(`^Packed\\s*${DATE_TIME.source}`));
    const history = (page: typeof staff) => page.getByRole('region', { name: 'Status history' });
    await history(staff).getByText('Packed', { exact: true }).waitFor();

    await ship(
      staff,
      orderNumber,
      { carrier: 'aramex', carrierName: 'Aramex', trackingNumber: '35123456789', copies: 2 },
      () => expectNoSeriousA11yViolations(staff),
    );
    await expect.poll(() => currentStep(staff)).toMatch(/^Shipped/);
    await history(staff).getByText('Shipped', { exact: true }).waitFor();
    // Copies that left the shop are returned, never cancelled.
    expect(await staff.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);

    const trackingUrl = 'https://www.aramex.com/track/results?ShipmentNumber=35123456789';
    const onItsWay = await waitForMail(customer.emailAddress, `Your order ${orderNumber} is on its way`);
    expect(onItsWay).toContain(trackingUrl);

    await shopper.goto(`/orders/${orderId}`);
    const parcels = shopper.getByRole('region', { name: 'Shipments' });
    await parcels.getByRole('heading', { name: 'Parcel 1 · Aramex · Shipped' }).waitFor();
    await parcels.getByText('Tracking number: 35123456789').waitFor();
    const track = parcels.getByRole('link', { name: /^Track your parcel/ });
    expect(await track.getAttribute('href')).toBe(trackingUrl);
    expect(await track.getAttribute('target')).toBe('_blank');
    await expect.poll(() => currentStep(shopper)).toMatch(new RegExp(`^Shipped\\s*${DATE_TIME.source}`));
    await expectNoSeriousA11yViolations(shopper);

    await markDelivered(staff, orderNumber);
    await expect.poll(() => currentStep(staff)).toMatch(/^Delivered/);
    const delivered = await waitForMail(customer.emailAddress, `Your order ${orderNumber} was delivered`);
    expect(delivered).toContain(`/reviews/${book.id}/`);

    await shopper.goto('/account');
    const row = shopper
      .getByRole('listitem')
      .filter({ has: shopper.getByRole('link', { name: `Order ${orderNumber}` }) });
    await row.getByText('Delivered').waitFor();

    // The customer sends one of the two copies back.
    await shopper.goto(`/orders/${orderId}`);
    await expect.poll(() => currentStep(shopper)).toMatch(new RegExp(`^Delivered\\s*${DATE_TIME.source}`));
    await parcels.getByRole('heading', { name: 'Parcel 1 · Aramex · Delivered' }).waitFor();
    const returns = shopper.getByRole('region', { name: 'Returns' });
    await returns.getByText(/^You can return delivered books until \d{2}\/\d{2}\/\d{4}/).waitFor();
    await returns.getByLabel(`Copies of ${book.title} to return`).fill('1');
    await returns.getByLabel('Why are you returning them?').fill('One copy was a gift that was already given.');
    await expectNoSeriousA11yViolations(shopper);
    await returns.getByRole('button', { name: 'Return books' }).click();
    const refund = dirhams(book.discountedPrice);
    await returns.getByRole('heading', { name: 'Return requested' }).waitFor();
    await returns.getByText(`1 × ${book.title}`).waitFor();
    await returns.getByText(`Refund ${refund}`, { exact: true }).waitFor();
    await waitForMail(customer.emailAddress, `Your return from order ${orderNumber}: return requested`);

    // Staff approve the request on the Returns page, then receive the parcel and restock it.
    await staff.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Returns' }).click();
    await staff.getByRole('heading', { name: 'Returns', level: 1 }).waitFor();
    const request = staff.getByRole('listitem').filter({ has: staff.getByRole('link', { name: orderNumber }) });
    await request.getByRole('heading', { name: `${orderNumber} · Return requested` }).waitFor();
    await request.getByText('“One copy was a gift that was already given.”').waitFor();
    await request.getByText(`1 × ${book.title}`).waitFor();
    await expectNoSeriousA11yViolations(staff);
    await request.getByRole('button', { name: 'Approve' }).click();
    await staff.getByText(`${orderNumber}: return approved`).waitFor();

    await staff.getByLabel('Status').selectOption('approved');
    await request.getByRole('heading', { name: `${orderNumber} · Return approved` }).waitFor();
    await request.getByLabel('Put the books back in stock').check();
    await request.getByRole('button', { name: 'Receive' }).click();
    const receive = staff.getByRole('dialog', { name: 'Receive this return?' });
    await receive
      .getByText(`${refund} is refunded to the customer of ${orderNumber} and the books go back in stock.`)
      .waitFor();
    await receive.getByRole('button', { name: 'Receive and refund' }).click();
    await staff.getByText(`${orderNumber}: return received`).waitFor();
    await waitForMail(customer.emailAddress, `Your return from order ${orderNumber}: return received`);
    expect(await stockOf(book)).toBe(stockAfterSale + 1);

    // The refund reaches the card through a background job: the customer's page says so.
    await expect
      .poll(
        async () => {
          await shopper.reload();
          return returns.innerText();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toContain(`Refund ${refund} · refunded to your card`);
    await returns.getByRole('heading', { name: 'Return received' }).waitFor();
    const customerHistory = shopper.getByRole('region', { name: 'Status history' });
    for (const step of ['Return requested', 'Return approved', 'Return received'])
      await customerHistory.getByText(step, { exact: true }).waitFor();
    // One copy is still theirs to return within the window.
    expect(await returns.getByLabel(`Copies of ${book.title} to return`).getAttribute('max')).toBe('1');
    // The money that went back has its tax credit note beside the invoice (decision 085).
    await shopper.getByRole('link', { name: 'Download invoice' }).waitFor();
    await shopper.getByRole('link', { name: /^Download credit note CN-\d{4}-\d{6}$/ }).waitFor();
  });

  it('cash on delivery: placed in the shop, shipped by the shop’s van, paid at the door, then reviewed', async () => {
    // Well under the cash limit (Dhs 1,000.00 with the fee).
    const book = await bookInStock({ minStock: 3, maxPrice: 500, fromEnd: 3 });
    const customer = await createConfirmedCustomer();
    await addDubaiAddress(customer);
    await apiAs(customer).post('cart', { bookId: book.id, quantity: 1 });

    const shopper = await newPage();
    await logInThroughForm(shopper, customer);
    await shopper.goto('/checkout');
    await shopper.getByRole('radio', { name: /Standard Delivery/ }).waitFor();
    const cash = shopper.getByRole('radio', { name: /Cash on delivery/ });
    await cash.check();
    await shopper.getByText('Cash on delivery fee').waitFor();
    await expectNoSeriousA11yViolations(shopper);
    await shopper.getByRole('button', { name: 'Place Order' }).click();
    // No payment page: the shop's own confirmation.
    await shopper.waitForURL(/\/checkout\/success\?orderId=\d+$/);
    await shopper.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const { orderNumber, orderId } = await confirmedOrder(shopper);
    expect(await shopper.getByText(/pay the courier/).innerText()).toMatch(/Dhs [\d,]+\.\d{2}/);
    await waitForMail(customer.emailAddress, `Your order ${orderNumber} is confirmed`);

    const staff = await newPage();
    await logInToAdmin(staff, await createStaffMember('Supervisor'));
    await openStaffOrder(staff, { orderId, orderNumber });
    expect(await staff.getByRole('heading', { level: 1 }).innerText()).toContain('Pending');
    await markPacked(staff, orderNumber);
    // The shop's own van: no tracking number, no tracking page.
    await ship(staff, orderNumber, { carrier: 'shop-courier', carrierName: 'Shop courier', copies: 1 });

    await shopper.goto(`/orders/${orderId}`);
    const parcels = shopper.getByRole('region', { name: 'Shipments' });
    await parcels.getByRole('heading', { name: 'Parcel 1 · Shop courier · Shipped' }).waitFor();
    expect(await parcels.getByRole('link', { name: /^Track your parcel/ }).count()).toBe(0);
    await shopper.getByRole('region', { name: 'Progress' }).getByText('Not yet').first().waitFor();

    const confirmation = await markDelivered(staff, orderNumber);
    expect(confirmation).toMatch(/collected Dhs [\d,]+\.\d{2} in cash: the order becomes paid/);
    await expect.poll(() => staff.getByRole('heading', { level: 1 }).innerText()).toContain('Completed');
    const order = await apiAs(customer).get<{ status: number; paidAt: string | null }>(`orders/${orderId}`);
    expect(order.status).toBe(2);
    expect(order.paidAt).not.toBeNull();

    await shopper.reload();
    expect(await shopper.getByRole('heading', { level: 1 }).innerText()).toContain('Completed');
    await expect.poll(() => currentStep(shopper)).toMatch(new RegExp(`^Delivered\\s*${DATE_TIME.source}`));
    const paid = shopper.getByRole('region', { name: 'Progress' }).getByRole('listitem').filter({ hasText: 'Paid' });
    expect(await paid.innerText()).toMatch(DATE_TIME);

    // The delivery e-mail asks for a review of each book; the link opens the review form.
    const mail = await waitForMail(customer.emailAddress, `Your order ${orderNumber} was delivered`);
    const reviewLink = mail.match(new RegExp(`https?://\\S+/reviews/${book.id}/\\S+`))?.[0];
    expect(reviewLink).toBeDefined();
    await shopper.goto(new URL(reviewLink!).pathname);
    await shopper.getByRole('heading', { name: 'Write a review' }).waitFor();
    await shopper.getByRole('radio', { name: '5 stars' }).click();
    await shopper.getByLabel('Subject').fill('Brought to the door');
    await shopper.getByLabel('Comment').fill('Paid the driver in cash and started reading the same evening.');
    await shopper.getByRole('button', { name: 'Publish Review' }).click();
    await shopper.waitForURL(`**/books/${encodeURIComponent(book.title)}`);
    const review = shopper
      .getByRole('region', { name: 'Customer Reviews' })
      .getByRole('article')
      .filter({ hasText: 'Brought to the door' });
    await review.getByText('Paid the driver in cash and started reading the same evening.').waitFor();
    await review.getByText('Verified purchase').waitFor();
  });
});
