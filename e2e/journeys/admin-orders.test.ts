import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createConfirmedCustomer,
  createStaffMember,
  DEMO_ADMIN,
  logInToAdmin,
  type Customer,
} from '../support/accounts.ts';
import { expectNoSeriousA11yViolations, newPage } from '../support/browser.ts';
import { bookInStock, buyByCard, stockOf } from '../support/orders.ts';

/** Filters the staff order table by the customer's e-mail and opens the order. */
async function openOrder(page: Page, customer: Customer, orderNumber: string) {
  await page.goto('/admin/dashboard/orders');
  await page.getByRole('table', { name: 'Orders, newest first' }).waitFor();
  await page.getByLabel('Customer').fill(customer.emailAddress);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.waitForURL(/customer=/);
  await page.getByRole('link', { name: orderNumber }).click();
  await page.getByRole('heading', { name: new RegExp(`Order ${orderNumber}`) }).waitFor();
}

const figure = (page: Page, label: string) =>
  page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

describe('admin orders', () => {
  it('the demo admin finds a paid order, sees it on the dashboard, cancels it with a reason: refunded, stock back', async () => {
    const book = await bookInStock({ fromEnd: 1 }); // away from the books the checkout journey uses
    const before = await stockOf(book);
    const customer = await createConfirmedCustomer();
    const orderNumber = (await buyByCard(customer, book)).orderNumber;
    await expect.poll(() => stockOf(book)).toBe(before - 1);

    const admin = await newPage();
    await logInToAdmin(admin, DEMO_ADMIN);
    // The dashboard loaded afresh while the console is watched: its chart must not trip the CSP.
    const consoleProblems: string[] = [];
    admin.on('console', (message) => {
      if (['error', 'warning'].includes(message.type()) || /Content.Security.Policy/i.test(message.text()))
        consoleProblems.push(`${message.type()}: ${message.text()}`);
    });
    admin.on('pageerror', (error) => consoleProblems.push(`pageerror: ${error.message}`));
    await admin.reload();
    // Today's figures count the payment just made.
    await admin.getByRole('button', { name: 'Today', pressed: true }).waitFor();
    await expect.poll(() => figure(admin, 'Paid orders').innerText()).not.toBe('0');
    expect(await figure(admin, 'Revenue').innerText()).toMatch(/^Dhs \d+\.\d{2}$/);
    await admin.getByRole('img', { name: /^Revenue per day/ }).waitFor();
    await admin.getByRole('button', { name: 'Last 7 days' }).click();
    await admin.getByRole('button', { name: 'Last 7 days', pressed: true }).waitFor();
    // One bar per day of the range, drawn without style attributes.
    const chart = admin.getByRole('img', { name: /^Revenue per day from/ });
    await expect.poll(() => chart.locator('rect').count()).toBe(7);
    expect(await chart.locator('[style]').count()).toBe(0);
    await admin.getByRole('button', { name: 'Show as table' }).click();
    await admin.getByRole('table', { name: 'Revenue per day' }).waitFor();
    await expectNoSeriousA11yViolations(admin);
    expect(consoleProblems.filter((text) => /Content.Security.Policy/i.test(text))).toEqual([]);
    expect(consoleProblems).toEqual([]);

    await openOrder(admin, customer, orderNumber);
    await admin.getByRole('region', { name: 'Customer' }).getByText(customer.emailAddress).waitFor();
    await expectNoSeriousA11yViolations(admin);
    await admin.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = admin.getByRole('dialog', { name: `Cancel order ${orderNumber}?` });
    await dialog.getByText(/will be refunded in full/).waitFor();
    await dialog.getByLabel('Reason').fill('Damaged in the warehouse');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.waitFor({ state: 'detached' });

    await admin.getByRole('heading', { name: new RegExp(`Order ${orderNumber}\\s*Cancelled`) }).waitFor();
    const cancellation = admin.getByRole('region', { name: 'Cancellation' });
    await cancellation.getByText('Damaged in the warehouse').waitFor();
    // The refund goes through a retried job: reload until the provider has confirmed it.
    await expect
      .poll(async () => {
        await admin.reload();
        return admin.getByRole('region', { name: 'Cancellation' }).innerText();
      })
      .toContain('Refunded');
    await expect.poll(() => stockOf(book)).toBe(before);
    expect(await admin.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
  });

  it('a User sees the orders and an order, but no Cancel order button', async () => {
    const book = await bookInStock({ fromEnd: 1 }); // away from the books the checkout journey uses
    const customer = await createConfirmedCustomer();
    const orderNumber = (await buyByCard(customer, book)).orderNumber;
    const staff = await createStaffMember('User');

    const page = await newPage();
    await logInToAdmin(page, staff);
    await openOrder(page, customer, orderNumber);
    await page.getByRole('region', { name: 'Status history' }).getByText('Completed').waitFor();
    expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
  });

  it('a staff member saves a new first name and user name on their profile; the header and a reload show them', async () => {
    const staff = await createStaffMember('User');
    const userName = `renamed${Date.now().toString(36)}`;
    const page = await newPage();
    await logInToAdmin(page, staff);
    await page.goto('/admin/dashboard/profile');
    await page.getByLabel('First Name').fill('Samira');
    await page.getByLabel('Last Name').fill('Haddad');
    await page.getByLabel('User Name').fill(userName);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile updated.').waitFor();
    // The header follows the saved user name without a reload.
    await page.getByRole('link', { name: new RegExp(`^Your profile: ${userName}`) }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.reload();
    await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Samira');
    expect(await page.getByLabel('User Name').inputValue()).toBe(userName);
    await page.getByRole('link', { name: new RegExp(`^Your profile: ${userName}`) }).waitFor();
  });
});
