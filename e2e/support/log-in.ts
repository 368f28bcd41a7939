import type { Page } from 'playwright-core';

/*
 * Logging in through the shop's own forms. Only the page is needed (no journey context), so the
 * screenshot scripts use these too.
 */

/** Logs in through the storefront's /login form. */
export async function logInThroughForm(page: Page, customer: { emailAddress: string; password: string }) {
  if (!new URL(page.url()).pathname.endsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email Address').fill(customer.emailAddress);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('button', { name: 'Logout' }).first().waitFor();
}

/** Logs in through /admin/login and waits for the dashboard. */
export async function logInToAdmin(page: Page, staff: { emailAddress: string; password: string }) {
  await page.goto('/admin/login');
  await page.getByLabel('Email Address').fill(staff.emailAddress);
  await page.getByLabel('Password', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/\/admin\/dashboard/);
}
