import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, expectFailedLoad, newPage } from '../support/browser.ts';
import { apiAs, createConfirmedCustomer, logInThroughForm } from '../support/accounts.ts';

type Book = { id: number; title: string; stockQuantity: number; isInStock: boolean };

async function booksInStock(count: number): Promise<Book[]> {
  const res = await fetch(`${baseUrl}/api/v1/books?filterInStock=true&pageSize=25`);
  const { data } = (await res.json()) as { data: Book[] };
  return data.filter((book) => book.stockQuantity >= 3).slice(0, count);
}

const bookUrl = (title: string) => `/books/${encodeURIComponent(title)}`;
const quantityOf = (page: Page, title: string) =>
  page
    .getByRole('group', { name: `Quantity of ${title}` })
    .locator('output')
    .innerText();

async function addToCartFromBookPage(page: Page, title: string) {
  await page.goto(bookUrl(title));
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await page.getByText('Book Added To Cart.').first().waitFor();
}

describe("the customer's own space", () => {
  it('merges the cart a guest filled into the server cart at login', async () => {
    const [kept, added] = await booksInStock(2);
    const customer = await createConfirmedCustomer();
    await apiAs(customer).post('cart', { bookId: kept!.id, quantity: 1 });

    const page = await newPage();
    await addToCartFromBookPage(page, kept!.title);
    await addToCartFromBookPage(page, added!.title);
    await page.goto('/cart');
    await expect.poll(() => quantityOf(page, added!.title)).toBe('1');

    await page.getByRole('link', { name: 'Login', exact: true }).first().click();
    await logInThroughForm(page, customer);
    await page.goto('/cart');
    await expect.poll(() => quantityOf(page, kept!.title)).toBe('2');
    await expect.poll(() => quantityOf(page, added!.title)).toBe('1');

    const cart = await apiAs(customer).get<{ items: { id: number; quantity: number }[] }>('cart');
    expect(cart.items.map(({ id, quantity }) => ({ id, quantity })).sort((a, b) => a.id - b.id)).toEqual(
      [
        { id: kept!.id, quantity: 2 },
        { id: added!.id, quantity: 1 },
      ].sort((a, b) => a.id - b.id),
    );
    // The browser copy is gone: logging out leaves an empty guest cart.
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.getByRole('link', { name: 'Login', exact: true }).first().waitFor();
    await page.goto('/cart');
    await page.getByText('Your cart is empty.').waitFor();
  });

  it('adds two delivery addresses and makes the second the main one', async () => {
    const customer = await createConfirmedCustomer();
    const page = await newPage();
    await logInThroughForm(page, customer);

    for (const [street, phone] of [
      ['12 Al Wasl Road', '050 123 4567'],
      ['Villa 7, Corniche Street', '02 555 1234'],
    ] as const) {
      await page.goto('/add-address');
      await page.getByLabel('Address', { exact: true }).fill(street);
      await page.getByLabel('Country').selectOption({ label: 'United Arab Emirates' });
      await page.getByLabel('City').fill(street.startsWith('12') ? 'Dubai' : 'Abu Dhabi');
      await page.getByLabel('Phone Number').fill(phone);
      await page.getByRole('button', { name: 'Save Address' }).click();
      await page.waitForURL(/\/account/);
      await page.getByRole('listitem', { name: new RegExp(street) }).waitFor();
    }

    const first = page.getByRole('listitem', { name: /12 Al Wasl Road/ });
    const second = page.getByRole('listitem', { name: /Villa 7/ });
    await first.getByText('Main Address').waitFor();
    await second.getByRole('button', { name: /Set as Main/ }).click();
    await second.getByText('Main Address').waitFor();
    await first.getByRole('button', { name: /Set as Main/ }).waitFor();

    const saved = await apiAs(customer).get<{ data: { address: string; isMain: boolean; phoneNo: string }[] }>(
      'customers-addresses',
    );
    expect(saved.data.filter((a) => a.isMain).map((a) => a.address)).toEqual(['Villa 7, Corniche Street']);
    expect(saved.data.map((a) => a.phoneNo).sort()).toEqual(['+97125551234', '+971501234567']);

    // Editing from a fresh account page (the countries not loaded yet) starts from the saved country.
    await page.reload();
    await page.getByRole('link', { name: 'Edit — 12 Al Wasl Road' }).click();
    await page.waitForURL(/\/update-address\/\d+$/);
    const country = page.getByLabel('Country');
    await expect
      .poll(() => country.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text))
      .toBe('United Arab Emirates');
    await expect(page.getByLabel('City').inputValue()).resolves.toBe('Dubai');
    // ...and saves a change without choosing the country again.
    await page.getByLabel('City').fill('Abu Dhabi');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL(/\/account#addresses$/);
    const edited = await apiAs(customer).get<{ data: { city: string; country: string }[] }>('customers-addresses');
    expect(edited.data.map((a) => `${a.city} ${a.country}`).sort()).toEqual(['Abu Dhabi AE', 'Abu Dhabi AE']);
  });

  it("shows the server's reason when the cart refuses one more copy", async () => {
    // From the second page: the other journeys reserve and buy from the first.
    const res = await fetch(`${baseUrl}/api/v1/books?filterInStock=true&pageSize=25&pageNo=2`);
    const { data } = (await res.json()) as { data: Book[] };
    const book = data.filter((b) => b.stockQuantity >= 3 && b.stockQuantity <= 20).at(-1);
    if (!book) throw new Error('The demo catalogue has no book with 3 to 20 copies in stock');
    const customer = await createConfirmedCustomer();
    await apiAs(customer).post('cart', { bookId: book.id, quantity: book.stockQuantity });
    const page = await newPage();
    await logInThroughForm(page, customer);

    await page.goto(bookUrl(book.title));
    await page.getByRole('heading', { level: 1, name: book.title }).waitFor();
    expectFailedLoad(page, 409, '/api/v1/cart', 'the journey asks for one copy more than the stock');
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    // Spec section 8: the toast keeps the card's title and says what the server said.
    const toast = page.getByRole('alert').filter({ hasText: 'Failed to add book to cart.' });
    await toast.waitFor();
    await expect(toast.innerText()).resolves.toMatch(/Only \d+ cop(y|ies) of ".+" (is|are) in stock\./);
  });

  it("adds a book to the wishlist, shows 'Already Added', and moves it to the cart", async () => {
    const [book] = await booksInStock(1);
    const customer = await createConfirmedCustomer();
    const page = await newPage();
    await logInThroughForm(page, customer);

    await page.goto(bookUrl(book!.title));
    await page.getByRole('heading', { level: 1, name: book!.title }).waitFor();
    await page.getByRole('button', { name: 'ADD TO WISHLIST' }).click();
    await page.getByText('Book Added To Wishlist.').first().waitFor();
    const already = page.getByRole('button', { name: 'Already Added' });
    await already.waitFor();
    await expect(already.isDisabled()).resolves.toBe(true);

    await page.goto('/wish-list');
    await page.getByRole('button', { name: `Move to Cart — ${book!.title}` }).click();
    await expect
      .poll(async () => (await apiAs(customer).get<{ booksIds: number[] }>('wishlist/books-ids')).booksIds)
      .toEqual([]);
    const cart = await apiAs(customer).get<{ items: { id: number; quantity: number }[] }>('cart');
    expect(cart.items).toEqual([expect.objectContaining({ id: book!.id, quantity: 1 })]);
  });

  it('shows guests the wishlist login link that remembers the page', async () => {
    const [book] = await booksInStock(1);
    const page = await newPage();
    await page.goto(bookUrl(book!.title));
    await page.getByRole('link', { name: 'LOGIN TO ADD WISHLIST' }).click();
    await page.waitForURL(/\/login/);
    await logInThroughForm(page, { emailAddress: 'customer@bookshop.local', password: 'Demo-customer1!' });
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/books/${book!.title}`);
  });
});
