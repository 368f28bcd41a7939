import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, createConfirmedCustomer, logInThroughForm, type Customer } from '../support/accounts.ts';
import { expectFailedLoad, newPage } from '../support/browser.ts';
import { solidPng } from '../support/png.ts';

const NEW_PASSWORD = 'Turning-pages-2!';

let tempDir = '';
let avatarFile = '';
beforeAll(async () => {
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'bookshop-avatar-'));
  avatarFile = path.join(tempDir, 'me.png');
  await writeFile(avatarFile, solidPng(64, [194, 65, 12]));
});
afterAll(() => rm(tempDir, { recursive: true, force: true }));

const headerAvatar = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Account of / });

async function openAccountPage(page: Page, customer: Customer) {
  await logInThroughForm(page, customer);
  await page.goto('/account');
  await page.getByRole('heading', { name: 'My Account' }).waitFor();
  await page.getByLabel('First Name').waitFor();
}

/** Submits the login form without waiting for success, for credentials that should fail. */
async function tryLogIn(page: Page, emailAddress: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(emailAddress);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('the account page', () => {
  it('saves a new first name and avatar, and the header shows the picture at once', async () => {
    const customer = await createConfirmedCustomer();
    const page = await newPage();
    await openAccountPage(page, customer);
    await expect(headerAvatar(page).locator('img').count()).resolves.toBe(0);

    await page.getByLabel('First Name').fill('Yasmin');
    await page.getByLabel('Avatar', { exact: true }).setInputFiles(avatarFile);
    await page.getByRole('img', { name: 'Preview of your new avatar' }).waitFor();
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile updated.').first().waitFor();

    const picture = headerAvatar(page).locator('img');
    await picture.waitFor();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const saved = await apiAs(customer).get<{ firstName: string; imageUrl: string | null }>('customers');
    expect(saved.firstName).toBe('Yasmin');
    expect(saved.imageUrl).toMatch(/avatars\//);
    await expect(picture.getAttribute('src')).resolves.toBe(saved.imageUrl);

    // Saved on the server, not only in this tab's session.
    await page.reload();
    await page.getByLabel('First Name').waitFor();
    await expect(page.getByLabel('First Name').inputValue()).resolves.toBe('Yasmin');
    await headerAvatar(page).locator('img').waitFor();
  });

  it('changes the password; after logging out only the new one logs in', async () => {
    const customer = await createConfirmedCustomer();
    const page = await newPage();
    await openAccountPage(page, customer);

    await page.getByLabel('Current Password').fill(customer.password);
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Your password has been changed.', { exact: false }).first().waitFor();
    await expect(page.getByLabel('New Password', { exact: true }).inputValue()).resolves.toBe('');

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.getByRole('link', { name: 'Login', exact: true }).first().waitFor();
    expectFailedLoad(page, 400, '/api/v1/customers/login', 'the journey tries the password it just replaced');
    await tryLogIn(page, customer.emailAddress, customer.password);
    await page.getByText('Invalid email address or password.').first().waitFor();
    await logInThroughForm(page, { emailAddress: customer.emailAddress, password: NEW_PASSWORD });
  });

  it('asks in a modal dialog: focus goes in and stays there, Escape closes it and returns focus', async () => {
    const customer = await createConfirmedCustomer();
    const page = await newPage();
    await openAccountPage(page, customer);
    const isFocused = (element: Element) => element === document.activeElement;

    const opener = page.getByRole('button', { name: 'Delete Account' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const closeButton = dialog.getByRole('button', { name: 'Close dialog' });
    await expect(closeButton.evaluate(isFocused)).resolves.toBe(true);
    // Tab goes round the dialog's controls and never reaches the page behind it: after the last
    // one the browser's own controls have the focus (none in the page), then the first again.
    const stops: string[] = [];
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Tab');
      const inDialog = await dialog.evaluate((element) => element.contains(document.activeElement));
      const inPage = await page.evaluate(() => document.activeElement !== document.body);
      stops.push(
        inDialog ? ((await closeButton.evaluate(isFocused)) ? 'first' : 'dialog') : inPage ? 'page' : 'browser',
      );
    }
    expect(stops).not.toContain('page');
    expect(stops).toContain('first');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(opener.evaluate(isFocused)).resolves.toBe(true);
  });

  it('deletes the account after the password; the visitor is sent home logged out and cannot log in again', async () => {
    const customer = await createConfirmedCustomer();
    const page = await newPage();
    await openAccountPage(page, customer);

    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill(customer.password);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Your account has been deleted.').first().waitFor();
    await page.getByRole('link', { name: 'Login', exact: true }).first().waitFor();
    await expect(page.getByRole('button', { name: 'Logout' }).count()).resolves.toBe(0);
    // The refresh cookie is gone too: a reload does not bring the session back.
    await page.reload();
    await page.getByRole('link', { name: 'Login', exact: true }).first().waitFor();
    await expect(page.getByRole('button', { name: 'Logout' }).count()).resolves.toBe(0);

    expectFailedLoad(page, 400, '/api/v1/customers/login', 'the journey logs in to the account it deleted');
    await tryLogIn(page, customer.emailAddress, customer.password);
    await page.getByText('Invalid email address or password.').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
