import { describe, expect, it } from 'vitest';
import { apiAs, createConfirmedCustomer, DEMO_ADMIN, logInThroughForm, type Customer } from '../support/accounts.ts';
import { clientAddress } from '../support/client-address.ts';
import { baseUrl, newPage } from '../support/browser.ts';
import { waitForMail } from '../support/mail.ts';

type Book = { id: number; title: string; stockQuantity: number };

/** The demo Admin, signed in through the API (staff record the stock movements). */
async function admin(): Promise<Customer> {
  const res = await fetch(`${baseUrl}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    body: JSON.stringify(DEMO_ADMIN),
  });
  const { token } = (await res.json()) as { token: string };
  return { ...DEMO_ADMIN, token };
}

describe('back-in-stock alerts', () => {
  it('a guest asks to be told, logs in, and is e-mailed once staff receive copies', async () => {
    const res = await fetch(`${baseUrl}/api/v1/books?filterInStock=true&pageSize=25`);
    const { data } = (await res.json()) as { data: Book[] };
    // Near the end of the page, away from the books other journeys buy.
    const book = data.at(-4)!;
    const staff = await admin();
    // The copies are written off: the book is sold out.
    await apiAs(staff).post(`books/${book.id}/stock-movements`, { delta: -book.stockQuantity, reason: 'damaged' });
    const customer = await createConfirmedCustomer();

    const page = await newPage();
    const bookPage = `/books/${encodeURIComponent(book.title)}`;
    await page.goto(bookPage);
    await page.getByRole('link', { name: "Notify me when it's back" }).click();
    await page.waitForURL(/\/login$/);
    await logInThroughForm(page, customer);
    // The login brings the customer back to the book.
    await page.waitForURL(`${baseUrl}${bookPage}`);
    await page.getByRole('button', { name: "Notify me when it's back" }).click();
    await page.getByRole('status').getByText("We'll e-mail you").waitFor();
    // A reload remembers that the customer asked.
    await page.reload();
    await page.getByRole('status').getByText("We'll e-mail you").waitFor();
    expect(await page.getByRole('button', { name: "Notify me when it's back" }).count()).toBe(0);

    // Staff receive the copies back: the customer hears of it.
    await apiAs(staff).post(`books/${book.id}/stock-movements`, { delta: book.stockQuantity, reason: 'received' });
    const mail = await waitForMail(customer.emailAddress, `${book.title} is back in stock`);
    expect(mail).toContain(`${baseUrl}${bookPage}`);
  });
});
