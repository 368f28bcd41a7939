import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, expectHydratedAsServed, expectNoSeriousA11yViolations, newPage } from '../support/browser.ts';

/*
 * The storefront in Arabic (decision 089): the same pages under /ar, right to left, reached and
 * left through the language switch, rendered on the server and hydrated unchanged.
 */

const htmlAttributes = (page: Page) =>
  page.evaluate(() => [document.documentElement.lang, document.documentElement.dir] as const);

/** After a click that loads a whole page (the language switch), wait as newPage's goto does. */
async function waitForPage(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
}

const languageCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'lang')?.value;

describe('the storefront in Arabic', () => {
  it('switches to Arabic from /, browses to a book staying in /ar, keeps Arabic on reload, and switches back', async () => {
    const page = await newPage();
    await page.goto('/');
    expect(await htmlAttributes(page)).toEqual(['en', 'ltr']);

    await page.getByRole('banner').getByRole('link', { name: 'العربية' }).click();
    await waitForPage(page, '/ar');
    expect(await htmlAttributes(page)).toEqual(['ar', 'rtl']);
    const nav = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
    expect(await nav.getByRole('link', { name: 'الرئيسية' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'كتب تستحق القراءة، نوصلها في أنحاء الإمارات',
    );
    expect(await languageCookie(page)).toBe('ar');
    // The layout mirrors: the logo starts at the right.
    const logo = await page.getByRole('banner').getByRole('link', { name: 'Bookshop' }).boundingBox();
    expect(logo!.x).toBeGreaterThan(1366 / 2);

    // A book from the list: an in-app navigation that stays in Arabic.
    const titleLink = page.getByRole('article').first().getByRole('heading').getByRole('link');
    const title = (await titleLink.textContent())!;
    await titleLink.click();
    const bookPath = `/ar/books/${encodeURIComponent(title)}`;
    await page.waitForURL((url) => url.pathname === bookPath);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await htmlAttributes(page)).toEqual(['ar', 'rtl']);

    await page.reload();
    expect(await htmlAttributes(page)).toEqual(['ar', 'rtl']);
    expect(await nav.getByRole('link', { name: 'الرئيسية' }).isVisible()).toBe(true);

    await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
    await waitForPage(page, `/books/${encodeURIComponent(title)}`);
    expect(await htmlAttributes(page)).toEqual(['en', 'ltr']);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).isVisible()).toBe(
      true,
    );
    expect(await languageCookie(page)).toBe('en');
    await page.close();
  });

  it('arrives rendered right to left with its alternates and font, and hydrates without a change', async () => {
    const served = await (await fetch(new URL('/ar', baseUrl))).text();
    expect(served).toMatch(/^<!doctype html>\s*<html lang="ar" dir="rtl">/);
    expect(served).toContain(`<link rel="canonical" href="${baseUrl}/ar"`);
    expect(served).toContain(`<link rel="alternate" hreflang="en" href="${baseUrl}/"`);
    expect(served).toContain(`<link rel="alternate" hreflang="x-default" href="${baseUrl}/"`);
    // The Arabic face, cut to the letters Arabic is written with (decision 095).
    expect(served).toMatch(
      /<link rel="preload" as="font" type="font\/woff2" href="\/assets\/vazirmatn-arabic-letters-400[^"]*"/,
    );
    const english = await (await fetch(new URL('/', baseUrl))).text();
    expect(english).toMatch(/^<!doctype html>\s*<html lang="en" dir="ltr">/);
    expect(english).not.toContain('rel="preload" as="font"');

    // A visitor far from the server, as in server-rendering.test.ts: nothing may change at hydration,
    // on the home page nor on a book page (its reviews carry Arabic dates).
    const { data } = (await (await fetch(new URL('/api/v1/books?pageSize=20', baseUrl))).json()) as {
      data: { title: string }[];
    };
    const bookPage = `/ar/books/${encodeURIComponent(data[0]!.title)}`;
    for (const path of [bookPage, '/ar']) await (await expectHydratedAsServed(path)).close();
    const page = await newPage();
    await page.goto('/ar');
    await page.waitForLoadState('networkidle');
    // The Arabic face is the one the page reads in.
    expect(await page.evaluate(() => document.fonts.check('16px Vazirmatn', 'كتاب'))).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await page.close();
  });

  it('adds a book to the cart from an Arabic page: the Arabic toast stands at the top left, the badge counts it', async () => {
    const { data } = (await (await fetch(new URL('/api/v1/books?pageSize=20', baseUrl))).json()) as {
      data: { title: string; isInStock: boolean }[];
    };
    const book = data.find((candidate) => candidate.isInStock)!;
    const page = await newPage();
    await page.goto(`/ar/books/${encodeURIComponent(book.title)}`);
    await page.getByRole('group', { name: 'الشراء' }).getByRole('button', { name: 'أضف إلى السلة' }).click();
    const toast = page.getByText('أُضيف الكتاب إلى السلة.');
    await toast.waitFor();
    const box = (await toast.boundingBox())!;
    expect(box.x + box.width).toBeLessThan(1366 / 2);
    expect(
      await page
        .getByRole('banner')
        .getByRole('link', { name: /السلة، عنصر واحد/ })
        .count(),
    ).toBe(1);
    await page.close();
  });
});
