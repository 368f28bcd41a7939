import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createConfirmedCustomer } from '../support/accounts.ts';
import { baseUrl, expectHydratedAsServed, expectNoSeriousA11yViolations, newPage } from '../support/browser.ts';
import { waitForMail } from '../support/mail.ts';
import { expectNoMessageKeys } from '../support/message-keys.ts';
import { addDubaiAddress } from '../support/orders.ts';

/*
 * Issue 24's journey, in Arabic from the first page to the mail: a customer who reads Arabic
 * switches the shop to Arabic, finds كليلة ودمنة typing it as people do (ه for ة), buys it on the
 * Arabic pages, pays on the sandbox's Arabic page, follows the order in Arabic and receives the
 * confirmation in Arabic. Every page on the way shows no message key (decision 092) and stays
 * right to left.
 */

const ARABIC_TITLE = 'كليلة ودمنة';
const ENGLISH_TITLE = 'Kalila and Dimna';

const direction = (page: Page) =>
  page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`);

async function expectArabicPage(page: Page) {
  expect(await direction(page), page.url()).toBe('ar rtl');
  await expectNoMessageKeys(page);
}

describe('buying in Arabic', () => {
  it('switches, searches in Arabic, pays on the Arabic sandbox page, follows the order and gets an Arabic mail', async () => {
    const customer = await createConfirmedCustomer({ preferredLanguage: 'ar' });
    await addDubaiAddress(customer);
    const page = await newPage();

    // Browse, then switch language from the header: the same page in Arabic.
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'العربية' }).click();
    await page.waitForURL((url) => url.pathname === '/ar');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await expectArabicPage(page);

    // Search as people type: ه for ة, no hamza care; the dropdown shows the Arabic title.
    const search = page.getByRole('combobox', { name: 'ابحث في الكتب' }).first();
    await search.fill('كليله');
    const result = page.getByRole('option', { name: ARABIC_TITLE });
    await result.click();
    await page.waitForURL((url) => url.pathname === `/ar/books/${encodeURIComponent(ENGLISH_TITLE)}`);
    await page.getByRole('heading', { level: 1, name: ARABIC_TITLE }).waitFor();
    await expectArabicPage(page);

    // Add to the cart from the book page, as a guest, then log in on the Arabic page.
    await page.getByRole('group', { name: 'الشراء' }).getByRole('button', { name: 'أضف إلى السلة' }).click();
    await page.getByText('أُضيف الكتاب إلى السلة.').waitFor();
    await page.goto('/ar/login');
    await expectArabicPage(page);
    await page.getByLabel('البريد الإلكتروني').fill(customer.emailAddress);
    await page.getByLabel('كلمة المرور', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/ar');

    // The cart, in Arabic, then the checkout. Its lines come after the heading (a spinner first).
    await page.goto('/ar/cart');
    await page.getByRole('heading', { level: 1, name: 'سلة التسوق' }).waitFor();
    await page.getByRole('link', { name: ARABIC_TITLE }).first().waitFor();
    await expectArabicPage(page);
    await page.getByRole('link', { name: 'المتابعة إلى الدفع' }).click();
    await page.waitForURL((url) => url.pathname === '/ar/checkout');
    await page.getByRole('radio', { name: /التوصيل العادي/ }).waitFor();
    await expectArabicPage(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'المتابعة إلى الدفع' }).click();

    // The sandbox's hosted page, in Arabic and right to left for a customer from an Arabic page.
    await page.waitForURL(/\/sandbox\/checkout\/cs_/);
    expect(await direction(page)).toBe('ar rtl');
    await page.getByLabel('البريد الإلكتروني').fill(customer.emailAddress);
    await page.getByLabel('رقم البطاقة').fill('4242 4242 4242 4242');
    await page.getByLabel('تاريخ الانتهاء').fill('12 / 34');
    await page.getByLabel('رمز الأمان (CVC)').fill('123');
    await page.getByLabel('اسم حامل البطاقة').fill('عمر صالح');
    await page.getByRole('button', { name: /^ادفع / }).click();

    // Back on the Arabic confirmation, then the order's page.
    await page.waitForURL((url) => url.pathname === '/ar/checkout/success');
    await page.getByRole('heading', { name: 'شكرًا لطلبك' }).waitFor();
    await expectArabicPage(page);
    const viewOrder = page.getByRole('link', { name: /^عرض الطلب BK-\d{6}$/ });
    const orderNumber = (await viewOrder.innerText()).replace('عرض الطلب ', '');
    await viewOrder.click();
    await page.waitForURL((url) => /^\/ar\/orders\/\d+$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: `الطلب ${orderNumber}` }).waitFor();
    await page.getByRole('link', { name: ARABIC_TITLE }).first().waitFor();
    await expectArabicPage(page);

    // The confirmation mail, in Arabic and right to left, naming the book by its Arabic title.
    const mail = await waitForMail(customer.emailAddress, `تم تأكيد طلبك ${orderNumber}`);
    expect(mail).toContain('<html lang="ar" dir="rtl">');
    expect(mail).toContain(`1 × ${ARABIC_TITLE}`);
    expect(mail).not.toContain('Your order');
    await page.close();
  });

  it('renders the Arabic genre page on the server, hydrates it unchanged, and passes axe', async () => {
    const genre = (await (await fetch(new URL('/api/v1/genres', baseUrl))).json()) as {
      name: string;
      nameAr: string;
    }[];
    const poetry = genre.find((item) => item.nameAr)!;
    const path = `/ar/genres/${encodeURIComponent(poetry.name)}`;
    const page = await expectHydratedAsServed(path);
    await page.getByRole('heading', { level: 1, name: new RegExp(poetry.nameAr) }).waitFor();
    await expectArabicPage(page);
    await expectNoSeriousA11yViolations(page);
    await page.close();
  });
});
