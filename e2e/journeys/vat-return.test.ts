import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, newPage } from '../support/browser.ts';
import { createConfirmedCustomer } from '../support/accounts.ts';
import { bookInStock, buyByCard } from '../support/orders.ts';
import { createStaffMember, DEMO_ADMIN, logInToAdmin } from '../support/staff.ts';

/** Nothing on the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth);
}

/** The return of the chosen period has loaded: its document counts are on screen. */
const returnShown = (page: Page) => page.getByText(/tax invoices? and \d+ credit notes? from /).waitFor();

describe('the VAT page (decision 087)', () => {
  it('shows an Admin the return of this quarter at 1024 px and on a phone, and another quarter with the keyboard', async () => {
    for (const viewport of [
      { width: 1024, height: 768 },
      { width: 390, height: 844 },
    ]) {
      const page = await newPage(viewport);
      await logInToAdmin(page, DEMO_ADMIN);
      await page.goto('/admin/dashboard/vat');
      await page.getByRole('heading', { name: 'VAT', level: 1 }).waitFor();
      await returnShown(page);
      const quarters = page.getByRole('group', { name: 'Quarter' }).getByRole('button');
      await expect.poll(() => quarters.count()).toBe(4);
      await expect.poll(() => quarters.first().getAttribute('aria-pressed')).toBe('true');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);

      // The quarter before, chosen with the keyboard, lands in the URL.
      const previous = quarters.nth(1);
      await previous.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => previous.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => new URL(page.url()).searchParams.has('from')).toBe(true);
      await returnShown(page);
      await expectNoSidewaysScroll(page);
    }
  });

  it("counts a card payment's tax invoice in this quarter's Dubai sales", async () => {
    const page = await newPage({ width: 1440, height: 900 });
    await logInToAdmin(page, DEMO_ADMIN);
    await page.goto('/admin/dashboard/vat');
    await returnShown(page);
    const invoices = async () => Number((await page.getByText(/^\d+ tax invoices? and/).innerText()).match(/\d+/)![0]);
    const invoicesBefore = await invoices();

    await buyByCard(await createConfirmedCustomer(), await bookInStock({ fromEnd: 4 }));
    await page.reload();
    await returnShown(page);
    expect(await invoices()).toBe(invoicesBefore + 1);
    // The customer's address is in Dubai: its row holds VAT now.
    const dubaiRow = page.locator('tr', { has: page.getByRole('rowheader', { name: 'Dubai', exact: true }) });
    expect(await dubaiRow.locator('td').last().innerText()).not.toMatch(/^Dhs 0\.00$/);
  });

  it('is not in a Supervisor’s menu', async () => {
    const supervisor = await createStaffMember('Supervisor');
    const page = await newPage();
    await logInToAdmin(page, supervisor);
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await menu.getByRole('link', { name: 'Orders' }).waitFor();
    await expect(menu.getByRole('link', { name: 'VAT' }).count()).resolves.toBe(0);
  });
});
