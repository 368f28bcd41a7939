import { describe, expect, it } from 'vitest';
import { baseUrl, expectNoSeriousA11yViolations, newPage } from '../support/browser.ts';
import {
  apiAs,
  createConfirmedCustomer,
  createStaffMember,
  logInThroughForm,
  logInToAdmin,
  type Customer,
} from '../support/accounts.ts';
import { addDubaiAddress } from '../support/orders.ts';

type Book = { id: number; title: string; stockQuantity: number; rating: number; ratingCount: number };

/**
 * A book in stock that nobody reviewed yet: the demo seed leaves one book in ten unreviewed (the
 * other journeys buy from the start of the list, so the search starts on page 2).
 */
async function unreviewedBook(): Promise<Book> {
  for (let pageNo = 2; ; pageNo++) {
    const res = await fetch(`${baseUrl}/api/v1/books?filterInStock=true&pageSize=25&pageNo=${pageNo}`);
    const { data } = (await res.json()) as { data: Book[] };
    if (data.length === 0) throw new Error('The demo catalogue has no unreviewed book in stock');
    for (const book of data) {
      if (book.stockQuantity >= 2 && book.ratingCount === 0) return book;
    }
  }
}

/** The customer buys the book through the API and the sandbox's hosted page: the order is Completed. */
async function buy(customer: Customer, book: Book) {
  const api = apiAs(customer);
  const { id: addressId } = await addDubaiAddress(customer);
  await api.post('cart', { bookId: book.id, quantity: 1 });
  const session = (await api.post('checkout/create-session', { addressId, deliveryMethod: 'standard' })) as {
    sessionId: string;
    url: string;
  };
  // The sandbox's page is a path on the shop (decision 070).
  const paid = await fetch(new URL(session.url, baseUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: customer.emailAddress,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
      cardholderName: 'Omar Saleh',
    }),
  });
  expect(paid.status).toBe(303);
  const order = await api.get<{ status: number }>(`checkout/checkout-success?sessionId=${session.sessionId}`);
  expect(order.status).toBe(2);
}

describe('reviews', () => {
  it('a customer who bought a book reviews it and the book page shows the new rating and bars', async () => {
    const book = await unreviewedBook();
    const customer = await createConfirmedCustomer();
    await buy(customer, book);

    // The review page needs a login, and comes back after it.
    const page = await newPage();
    await page.goto(`/reviews/${book.id}/${encodeURIComponent(book.title)}`);
    await page.waitForURL(/\/login$/);
    await logInThroughForm(page, customer);
    await page.waitForURL(/\/reviews\/\d+\//);
    await page.getByRole('radiogroup', { name: 'Your rating' }).waitFor();

    await page.goto(`/books/${encodeURIComponent(book.title)}`);
    const reviews = page.getByRole('region', { name: 'Customer Reviews' });
    await reviews.getByText('Only customers who bought this book can review it').waitFor();
    await reviews.getByText('No reviews yet.').waitFor();
    const fourStars = reviews.getByRole('button', { name: /^4 stars/ });
    await reviews.getByRole('button', { name: /^4 stars\s*,\s*0 reviews, 0%$/ }).waitFor();

    await reviews.getByRole('link', { name: 'Write a review' }).click();
    await page.waitForURL(/\/reviews\/\d+\//);
    await page.getByRole('heading', { name: 'Write a review' }).waitFor();
    // The stars by keyboard: the group is one tab stop, the arrows choose.
    await page.getByRole('radio', { name: '1 star' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: '4 stars' }).getAttribute('aria-checked')).toBe('true');
    await page.getByLabel('Subject').fill('<script>alert("hi")</script> Worth it');
    await page.getByLabel('Comment').fill('Arrived quickly and reads beautifully; a <b>keeper</b>.');
    await expectNoSeriousA11yViolations(page);
    let alerted = false;
    page.on('dialog', (dialog) => {
      alerted = true;
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Publish Review' }).click();

    await page.waitForURL(`**/books/${encodeURIComponent(book.title)}`);
    const review = reviews.getByRole('article').filter({ hasText: 'Worth it' });
    await review.getByRole('heading', { name: '<script>alert("hi")</script> Worth it' }).waitFor();
    await review.getByText('Arrived quickly and reads beautifully; a <b>keeper</b>.').waitFor();
    await review.getByText('Verified purchase').waitFor();
    await reviews.getByRole('button', { name: /^4 stars\s*,\s*1 review, 100%$/ }).waitFor();
    await reviews.getByText('1 rating', { exact: true }).waitFor();
    // The book's own rating (what its card shows) is now the review's, and so is the count.
    await expect
      .poll(async () => {
        const res = await fetch(`${baseUrl}/api/v1/books/${encodeURIComponent(book.title)}`);
        const now = (await res.json()) as Book;
        return [now.rating, now.ratingCount];
      })
      .toEqual([4, 1]);
    await page.getByRole('img', { name: 'Rated 4 out of 5' }).first().waitFor();
    expect(alerted).toBe(false);
    await reviews.getByRole('link', { name: 'Edit your review' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // The 4-star bar filters the list.
    await fourStars.click();
    await reviews.getByText('Showing 4-star reviews').waitFor();
    expect(await fourStars.getAttribute('aria-pressed')).toBe('true');
  });

  it('a Supervisor hides an abusive review from the dashboard and it leaves the book’s page and average', async () => {
    const book = await unreviewedBook();
    const customer = await createConfirmedCustomer();
    await buy(customer, book);
    const subject = `Abusive ${Date.now()}`;
    await apiAs(customer).post('reviews', {
      bookId: book.id,
      subject,
      comment: 'Words no bookshop should keep on its pages.',
      rating: 1,
    });

    const staff = await newPage();
    await logInToAdmin(staff, await createStaffMember('Supervisor'));
    await staff.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Reviews' }).click();
    const table = staff.getByRole('table', { name: 'Reviews, newest first' });
    const row = table.getByRole('row').filter({ hasText: subject });
    await row.waitFor();
    await expectNoSeriousA11yViolations(staff);
    await row.getByRole('button', { name: `Hide review “${subject}”` }).click();
    const dialog = staff.getByRole('dialog', { name: 'Hide this review?' });
    await dialog.getByRole('button', { name: 'Hide Review' }).click();
    await row.getByRole('cell', { name: 'Hidden', exact: true }).waitFor();

    const visitor = await newPage();
    await visitor.goto(`/books/${encodeURIComponent(book.title)}`);
    const reviews = visitor.getByRole('region', { name: 'Customer Reviews' });
    await reviews.getByText('No reviews yet.').waitFor();
    await reviews.getByText('0 ratings', { exact: true }).waitFor();
    expect(await reviews.getByText(subject).count()).toBe(0);
  });
});
