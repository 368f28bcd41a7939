import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAs, createConfirmedCustomer, logInThroughForm } from '../support/accounts.ts';
import { baseUrl, expectFailedLoad, newPage } from '../support/browser.ts';

/** A page that records every Content-Security-Policy violation the browser reports. */
async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
  const page = await newPage();
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      report(`${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile})`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Permissions-Policy|Permissions policy/i.test(message.text())) {
      violations.push(`${new URL(page.url()).pathname}: ${message.text()}`);
    }
  });
  return { page, violations };
}

describe('the shop under its security headers', () => {
  it('runs the storefront with no Content-Security-Policy violation, signed out and signed in', async () => {
    const books = (await (await fetch(`${baseUrl}/api/v1/books?pageSize=5`)).json()) as {
      data: { id: number; title: string }[];
    };
    const book = books.data[0]!;
    const customer = await createConfirmedCustomer();
    await apiAs(customer).post('cart', { bookId: book.id, quantity: 1 });

    const { page, violations } = await watchedPage();
    expectFailedLoad(page, 404, '/no-such-page', 'the Page Not Found page is checked under the policy too');
    for (const path of ['/', `/books/${encodeURIComponent(book.title)}`, '/register', '/faqs', '/no-such-page']) {
      await page.goto(path, { waitUntil: 'networkidle' });
    }
    // Form validation runs zod in the page: it must not need eval.
    await page.goto('/login');
    await page.getByLabel('Email Address').fill('not-an-address');
    await page.getByLabel('Password', { exact: true }).fill('x');
    await logInThroughForm(page, customer);
    for (const path of ['/cart', '/account', '/wish-list']) {
      await page.goto(path, { waitUntil: 'networkidle' });
    }
    await page.getByRole('heading').first().waitFor();
    // A modal dialog open: its backdrop and scroll lock come from the stylesheet.
    await page.goto('/account', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
    expect(violations).toEqual([]);
  });

  it('runs the API documentation under its own policy', async () => {
    const { page, violations } = await watchedPage();
    await page.goto('/api/docs', { waitUntil: 'networkidle' });
    const operation = page.locator('.opblock-summary').first();
    await operation.click();
    await page.locator('.opblock-body').first().waitFor();
    expect(violations).toEqual([]);
  });

  it('cannot be framed by another site', async () => {
    const res = await fetch(`${baseUrl}/`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('sends scripts brotli-compressed and keeps source maps private', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    // The page's inline boot script loads the entry the page names (decisions 053, 111).
    const entry = /<script type="application\/json" id="app-scripts">\{"entry":"([^"]+\.js)"/.exec(html)?.[1];
    expect(entry, html).toBeDefined();
    const script = await fetch(`${baseUrl}${entry}`, { headers: { 'accept-encoding': 'br' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-encoding')).toBe('br');
    expect((await fetch(`${baseUrl}${entry}.map`)).status).toBe(404);
    expect(await script.text()).not.toContain('sourceMappingURL');
  });
});
