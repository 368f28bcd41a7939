import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, logInToAdmin } from '../support/accounts.ts';
import { baseUrl, newPage } from '../support/browser.ts';

/** Every staff list, by its path and its table's name. */
const TABLES = [
  { path: '/admin/dashboard/books', table: 'Books; select a column heading to sort by it.' },
  { path: '/admin/dashboard/orders', table: 'Orders, newest first' },
  { path: '/admin/dashboard/reviews', table: 'Reviews, newest first' },
  { path: '/admin/dashboard/support', table: 'Open tickets, oldest first' },
  { path: '/admin/dashboard/staff', table: 'Staff and their roles' },
];

/** A guest's contact message from an address longer than any cell it sits in. */
async function contactFromLongAddress(): Promise<string> {
  const emailAddress = `a.reader.with.a.rather.long.name.${randomBytes(3).toString('hex')}@customer-services.example.com`;
  const res = await fetch(`${baseUrl}/api/v1/contact-items`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Layla Haddad',
      emailAddress,
      subject: 'Where is my parcel?',
      message: 'It has been a week since I ordered, and nothing has arrived yet.',
    }),
  });
  expect(res.status).toBe(201);
  return emailAddress;
}

/** The table's box and the page: nothing wider than the room it has. */
async function expectFits(page: Page, table: Locator) {
  const box = table.locator('xpath=..');
  const [scrollWidth, clientWidth] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scrollWidth, 'the table scrolls sideways in its box').toBeLessThanOrEqual(clientWidth);
  const documentWidths = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(documentWidths[0], 'the page scrolls sideways').toBeLessThanOrEqual(documentWidths[1]!);
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('admin tables', () => {
  it('fit a 1024 px screen: minor columns fold into the row, long addresses wrap at @ and dots', async () => {
    const longAddress = await contactFromLongAddress();
    const page = await newPage({ width: 1024, height: 768 });
    await logInToAdmin(page, DEMO_ADMIN);

    for (const { path, table: name } of TABLES) {
      await page.goto(path);
      const table = page.getByRole('table', { name });
      await table.locator('tbody tr').first().waitFor();
      await expectFits(page, table);
    }

    // Reviews: the time of writing is under the customer while its column is folded away.
    await page.goto('/admin/dashboard/reviews');
    const reviews = page.getByRole('table', { name: 'Reviews, newest first' });
    await reviews.locator('tbody tr').first().waitFor();
    expect(await reviews.getByRole('columnheader', { name: 'Written' }).isVisible()).toBe(false);
    await reviews
      .locator('tbody tr')
      .first()
      .getByText(/^Written: /)
      .waitFor();

    // Support: the long address breaks only after its '@', its dots and its hyphen ("customer-"),
    // never between two letters. Which of those the browser takes depends on the cell's width, and
    // that on the date column beside it ("2:05 AM" or "12:59 AM").
    await page.goto('/admin/dashboard/support');
    const row = page.getByRole('row').filter({ hasText: 'Layla Haddad' }).first();
    const email = row.locator('span', { hasText: longAddress.slice(0, 12) }).last();
    await email.waitFor();
    const lines = await email.evaluate((span) => {
      const tops = new Set<number>();
      const breaksInsideAWord: string[] = [];
      for (const node of Array.from(span.childNodes)) {
        if (node.nodeType !== Node.TEXT_NODE) continue;
        const text = node.textContent ?? '';
        let previousTop: number | undefined;
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = Math.round(range.getClientRects()[0]!.top);
          if (previousTop !== undefined && top !== previousTop && text[i - 1] !== '-')
            breaksInsideAWord.push(`${text.slice(0, i)} / ${text.slice(i)}`);
          previousTop = top;
          tops.add(top);
        }
      }
      return { lines: tops.size, breaksInsideAWord, text: span.textContent };
    });
    expect(lines.text).toBe(longAddress);
    expect(lines.lines).toBeGreaterThan(1);
    expect(lines.breaksInsideAWord).toEqual([]);

    // Orders: no filter sits on another (the date pickers kept overlapping their neighbours).
    await page.goto('/admin/dashboard/orders');
    const filters = page.getByRole('search', { name: 'Filter orders' });
    const controls = [
      filters.getByLabel('Status', { exact: true }),
      filters.getByLabel('From', { exact: true }),
      filters.getByLabel('To', { exact: true }),
      filters.getByLabel('Customer', { exact: true }),
      filters.getByRole('button', { name: 'Apply' }),
      filters.getByRole('button', { name: 'Clear' }),
    ];
    const boxes = await Promise.all(controls.map(async (control) => (await control.boundingBox())!));
    const formBox = (await filters.boundingBox())!;
    for (const [i, a] of boxes.entries()) {
      expect(a.x + a.width, `filter ${i} ends inside the filter bar`).toBeLessThanOrEqual(formBox.x + formBox.width);
      for (const [j, b] of boxes.entries())
        if (j > i) expect(overlap(a, b), `filters ${i} and ${j} overlap`).toBe(false);
    }
  });

  it('show every column on a 1440 px screen, still without scrolling sideways', async () => {
    const page = await newPage({ width: 1440, height: 900 });
    await logInToAdmin(page, DEMO_ADMIN);
    for (const { path, table: name } of TABLES) {
      await page.goto(path);
      const table = page.getByRole('table', { name });
      await table.locator('tbody tr').first().waitFor();
      await expectFits(page, table);
      for (const header of await table.getByRole('columnheader').all()) expect(await header.isVisible()).toBe(true);
    }
  });

  it("show a review's time on the shop's clock in the admin as on the book page, for staff in another zone", async () => {
    const page = await newPage({ width: 1440, height: 900, timezoneId: 'America/Los_Angeles' });
    await logInToAdmin(page, DEMO_ADMIN);
    await page.goto('/admin/dashboard/reviews');
    const first = page
      .getByRole('table', { name: 'Reviews, newest first' })
      .locator('tbody tr')
      .filter({ has: page.getByRole('cell', { name: 'Shown', exact: true }) })
      .first();
    await first.waitFor();
    const written = first.locator('td time').last();
    const [at, adminText] = [await written.getAttribute('datetime'), await written.innerText()];
    const bookTitle = await first.getByRole('link').first().innerText();

    const visitor = await newPage({ timezoneId: 'America/Los_Angeles' });
    await visitor.goto(`/books/${encodeURIComponent(bookTitle)}`);
    const onBookPage = visitor.locator(`time[datetime="${at}"]`);
    await onBookPage.waitFor();
    expect(await onBookPage.innerText()).toBe(adminText);
  });
});
