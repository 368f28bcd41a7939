import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectFailedLoad, newPage } from '../support/browser.ts';
import { waitForMailLink } from '../support/mail.ts';

const PASSWORD = 'Reading-1s-fun!';
const unique = () => randomBytes(4).toString('hex');

async function logIn(page: Page, emailAddress: string, password: string) {
  await page.getByLabel('Email Address').fill(emailAddress);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** A link from a mail opened in the same browser origin as the test's shop. */
const samePath = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

describe('customer accounts', () => {
  it('registers, confirms through the e-mailed link, logs in, reaches /account and logs out', async () => {
    const id = unique();
    const email = `reader-${id}@example.com`;
    const page = await newPage();
    await page.goto('/register');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('User Name').fill(`reader${id}`);
    await page.getByLabel('First Name').fill('Layla');
    await page.getByLabel('Last Name').fill('Haddad');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(/\/login/);

    await page.goto(samePath(await waitForMailLink(email, '/email-confirmation')));
    await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor();

    await page.goto('/login');
    await logIn(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Logout' }).first().waitFor();

    await page.goto('/account');
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    await page.goto('/account');
    await page.waitForURL(/\/login/);
  });

  it('sends a logged-out visitor of a protected page to /login and back after logging in', async () => {
    const page = await newPage();
    await page.goto('/wish-list');
    await page.waitForURL(/\/login/);
    await logIn(page, 'customer@bookshop.local', 'Demo-customer1!');
    await page.waitForURL(/\/wish-list$/);
  });

  it('answers a wrong password with one message that does not say which part was wrong', async () => {
    const page = await newPage();
    expectFailedLoad(page, 400, '/api/v1/customers/login', 'the journey logs in with a wrong password');
    await page.goto('/login');
    await logIn(page, 'customer@bookshop.local', 'Wrong-password1!');
    await page.getByText('Invalid email address or password.').first().waitFor();
    expect(page.url()).toMatch(/\/login/);
    await expect(page.getByRole('button', { name: 'Logout' }).count()).resolves.toBe(0);
  });
});

describe('staff accounts', () => {
  it('registers as New User, waits for approval, and reaches the dashboard once an Admin promotes them', async () => {
    const id = unique();
    const email = `staff-${id}@example.com`;
    const userName = `staff${id}`;
    const staff = await newPage();
    await staff.goto('/admin/register');
    await staff.getByRole('heading', { name: 'New Here?' }).waitFor();
    await staff.getByLabel('Email Address').fill(email);
    await staff.getByLabel('User Name').fill(userName);
    await staff.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await staff.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await staff.getByRole('button', { name: 'Register' }).click();

    await staff.goto(samePath(await waitForMailLink(email, '/admin/email-confirmation')));
    await staff.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
    await staff.goto('/admin/login');
    await staff.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await logIn(staff, email, PASSWORD);
    await staff.getByRole('heading', { name: 'Waiting for approval' }).waitFor();

    const admin = await newPage();
    await admin.goto('/admin/login');
    await logIn(admin, 'admin@bookshop.local', 'Demo-admin1!');
    await admin.waitForURL(/\/admin\/dashboard/);
    await admin.goto('/admin/dashboard/staff');
    await admin.getByLabel(`Role of ${userName}`).selectOption('User');
    const confirm = admin.getByRole('dialog', { name: `Make ${userName} User?` });
    await confirm.getByRole('button', { name: 'Change Role' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => admin.getByLabel(`Role of ${userName}`).inputValue()).toBe('User');

    await staff.getByRole('button', { name: 'Check again' }).click();
    await staff.getByRole('heading', { name: 'Waiting for approval' }).waitFor({ state: 'detached' });
    expect(staff.url()).toMatch(/\/admin\/dashboard/);
  });
});
