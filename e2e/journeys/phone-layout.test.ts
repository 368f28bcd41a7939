import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, createConfirmedCustomer } from '../support/accounts.ts';
import { baseUrl, expectFailedLoad, expectNoSeriousA11yViolations, newPage } from '../support/browser.ts';

const PHONE = { width: 390, height: 844 };

type Book = { id: number; title: string; stockQuantity: number };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} has no box (not visible)`);
  return found;
}

/** Where the bottom bar begins: what lies below it is covered on a phone. */
const bottomBarTop = async (page: Page) => (await box(page.getByRole('navigation', { name: 'Quick links' }))).y;

/** Whether the page scrolls sideways (something wider than the screen). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('the home page on a 390 px phone', () => {
  it('shows the first book, its price and ADD TO CART on the first screen, above the bottom bar', async () => {
    const page = await newPage(PHONE);
    await page.goto('/');
    const first = page.locator('main article').first();
    const card = await box(first);
    expect(card.y).toBeGreaterThanOrEqual(0);
    expect(card.y + card.height).toBeLessThanOrEqual(PHONE.height);
    const addToCart = await box(first.getByRole('button', { name: 'ADD TO CART' }));
    expect(addToCart.y + addToCart.height).toBeLessThanOrEqual(await bottomBarTop(page));
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
  });

  it('puts the search and the Filters button on one line; the filters open in a sheet', async () => {
    const page = await newPage(PHONE);
    await page.goto('/');
    const search = await box(page.getByRole('combobox', { name: 'Search books' }));
    const filtersButton = page.getByRole('button', { name: 'Filters', exact: true });
    const filters = await box(filtersButton);
    expect(Math.abs(filters.y - search.y)).toBeLessThanOrEqual(1);
    expect(filters.x).toBeGreaterThan(search.x + search.width);
    // Until the sheet opens, the panel is not on the page.
    await expect(page.getByLabel('In stock only').isVisible()).resolves.toBe(false);

    await filtersButton.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    // A sheet: full width, resting on the bottom edge of the screen.
    const sheetBox = await box(sheet);
    expect(sheetBox.width).toBe(PHONE.width);
    expect(Math.round(sheetBox.y + sheetBox.height)).toBe(PHONE.height);
    await expectNoSeriousA11yViolations(page);

    await sheet.getByLabel('In stock only').check();
    await page.waitForURL(/filterInStock=true/);
    const inStock = (await (await fetch(`${baseUrl}/api/v1/books?filterInStock=true`)).json()) as {
      paginationDetails: { noOfRecords: number };
    };
    await sheet.getByRole('button', { name: `Show ${inStock.paginationDetails.noOfRecords} books` }).click();
    await sheet.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Filters (1)');
  });
});

describe('the pager on a phone', () => {
  it.each([
    [320, 1],
    [360, 9],
    [390, 1],
    [390, 9],
    [390, 17],
  ])("keeps 'Next ›' on the line of the page numbers at %i px (page %i)", async (width, pageNo) => {
    const page = await newPage({ width, height: 800 });
    await page.goto(pageNo > 1 ? `/?pageNo=${pageNo}` : '/');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.waitFor();
    const next = await box(pager.getByRole('button', { name: 'Next' }));
    const previous = await box(pager.getByRole('button', { name: 'Previous' }));
    const numbers = await pager.getByRole('button', { name: /^Page \d+$/ }).all();
    const shown: number[] = [];
    for (const number of numbers) {
      if (!(await number.isVisible())) continue;
      shown.push(Number(await number.innerText()));
      expect((await box(number)).y).toBe(next.y);
    }
    expect(previous.y).toBe(next.y);
    expect(shown).toContain(pageNo);
    expect(shown.length).toBeGreaterThanOrEqual(3);
    expect(next.x + next.width).toBeLessThanOrEqual(width);
    expect(await scrollsSideways(page)).toBe(false);
  });
});

describe('a page past the last one', () => {
  const message = /^There is nothing on page 999\. These (\d+) books end on page (\d+)\.$/;

  it('is said so in the server-rendered page, with a link to the last page', async () => {
    const html = await (await fetch(`${baseUrl}/?pageNo=999`)).text();
    const { paginationDetails } = (await (await fetch(`${baseUrl}/api/v1/books`)).json()) as {
      paginationDetails: { noOfRecords: number; totalPages: number };
    };
    expect(html).toContain(
      `There is nothing on page 999. These ${paginationDetails.noOfRecords} books end on page ${paginationDetails.totalPages}.`,
    );
    expect(html).toContain(`href="/?pageNo=${paginationDetails.totalPages}"`);
    expect(html).not.toContain('No Books found.');
  });

  it('is said so after client-side navigation, and the link opens the last page', async () => {
    const page = await newPage(PHONE);
    await page.goto('/');
    await page.locator('main article').first().waitFor();
    // The router follows the address without a reload, as the back button would take it there.
    await page.evaluate(() => {
      history.pushState(null, '', '/?pageNo=999');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const said = page.getByText(message);
    const [, books, lastPage] = (await said.innerText()).match(message)!;
    await expect(page.getByText('No Books found.').count()).resolves.toBe(0);
    await expect(page.getByText(new RegExp(`^${books} books$`)).count()).resolves.toBe(0);

    await page.getByRole('link', { name: `Go to the last page (${lastPage})` }).click();
    await page.waitForURL(new RegExp(`\\?pageNo=${lastPage}$`));
    await page.locator('main article').first().waitFor();
    await page
      .getByRole('button', { name: `Page ${lastPage}` })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();
  });

  it('on a genre page too', async () => {
    const page = await newPage(PHONE);
    await page.goto('/genres/Fantasy?pageNo=999');
    await page.getByText(message).waitFor();
    await page.getByRole('link', { name: /^Go to the last page/ }).click();
    await page.waitForURL(/\/genres\/Fantasy(\?pageNo=\d+)?$/);
    await page.locator('main article').first().waitFor();
  });
});

describe('a book page on a 390 px phone', () => {
  it('shows the price and ADD TO CART on the first screen, then leaves them under the title', async () => {
    const books = (await (await fetch(`${baseUrl}/api/v1/books?filterInStock=true`)).json()) as { data: Book[] };
    const book = books.data[0]!;
    const page = await newPage(PHONE);
    await page.goto(`/books/${encodeURIComponent(book.title)}`);
    const buy = page.getByRole('group', { name: 'Buy' });
    const addToCart = await box(buy.getByRole('button', { name: 'ADD TO CART' }));
    const price = await box(buy.getByRole('paragraph'));
    const barTop = await bottomBarTop(page);
    for (const shown of [addToCart, price]) {
      expect(shown.y).toBeGreaterThanOrEqual(0);
      expect(shown.y + shown.height).toBeLessThanOrEqual(barTop);
    }
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);

    // Scrolled to the description, the buy bar has reached its place under the title and moves on.
    await page.getByRole('heading', { name: 'Description' }).scrollIntoViewIfNeeded();
    const title = await box(page.getByRole('heading', { level: 1, name: book.title }));
    const settled = await box(buy);
    expect(settled.y).toBeGreaterThan(title.y);
    expect(settled.y + settled.height).toBeLessThan(barTop - 8);
    await expectNoSeriousA11yViolations(page);
  });
});

describe("the sandbox's payment page on a 390 px phone", () => {
  it('aligns Expiration and CVC, also with an error under one, and lists the test cards', async () => {
    const customer = await createConfirmedCustomer();
    const api = apiAs(customer);
    const { id: addressId } = (await api.post('customers-addresses', {
      address: '12 Al Wasl Road',
      country: 'AE',
      city: 'Dubai',
      phoneNo: '050 123 4567',
      isMain: true,
    })) as { id: number };
    const books = (await (await fetch(`${baseUrl}/api/v1/books?filterInStock=true`)).json()) as { data: Book[] };
    await api.post('cart', { bookId: books.data[0]!.id, quantity: 1 });
    const session = (await api.post('checkout/create-session', { addressId, deliveryMethod: 'standard' })) as {
      url: string;
    };

    const page = await newPage(PHONE);
    // The hosted page is plain HTML, never hydrated: opened as the shop's redirect opens it.
    await page.goto('/');
    await page.evaluate((path) => location.assign(path), new URL(session.url, baseUrl).pathname);
    await page.waitForURL(/\/sandbox\/checkout\/cs_/);
    const aligned = async () => {
      const [expiry, cvc] = [await box(page.getByLabel('Expiration')), await box(page.getByLabel('CVC'))];
      expect(cvc.y).toBe(expiry.y);
      expect(cvc.height).toBe(expiry.height);
      expect(cvc.x).toBeGreaterThan(expiry.x + expiry.width);
      const labels = page.locator('.row label');
      expect((await box(labels.nth(1))).y).toBe((await box(labels.nth(0))).y);
    };
    await aligned();

    const cards = page.getByRole('table');
    await page.getByRole('heading', { name: 'Test cards' }).waitFor();
    await cards.getByRole('row', { name: /^4242 4242 4242 4242\s*Visa Pays$/ }).waitFor();
    await cards.getByRole('row', { name: /^4000 0000 0000 0002\s*Visa Declined: Your card was declined\.$/ }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);

    // A past date: the error sits under Expiration only, and the inputs stay level.
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration').fill('01 / 20');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Cardholder name').fill('Omar Saleh');
    expectFailedLoad(page, 400, new URL(session.url, baseUrl).pathname, 'the journey pays with a card that expired');
    await page.getByRole('button', { name: /^Pay Dhs / }).click();
    await page.locator('#expiry-error').waitFor();
    await aligned();
    await expectNoSeriousA11yViolations(page);
  });
});
