import { randomBytes } from 'node:crypto';
import { arabicMessage } from '@bookshop/contracts/arabic-messages';
import { AuthMessages } from '@bookshop/contracts/auth';
import { CartMessages } from '@bookshop/contracts/cart';
import { Messages } from '@bookshop/contracts/messages';
import type { Problem } from '@bookshop/contracts/problem';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, expectProblem, uniqueIp, type TestAccount, type TestApp } from '../test/app.ts';
import { RequestMessages } from './errors.ts';
import { problemInArabic } from './problem-language.ts';
import { preferredLanguage } from './request-language.ts';

/** Problems in the request's language (decision 093): Arabic for an Arabic page, else as before. */

let t: TestApp;
let alice: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createCustomer(t);
});
afterAll(() => t.close());

const ARABIC = /[\u0600-\u06FF]/;

const register = (body: object, language?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/customers/register',
    headers: { 'x-forwarded-for': uniqueIp(), ...(language && { 'accept-language': language }) },
    payload: body,
  });

const addToCart = (bookId: number, language?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/cart',
    headers: { ...alice.headers, ...(language && { 'accept-language': language }) },
    payload: { bookId },
  });

const invalidRegistration = {
  emailAddress: 'not-an-address',
  userName: 'ab',
  firstName: 'Reader',
  lastName: 'Someone',
  password: 'short',
  confirmPassword: 'short',
};

/** The body without its request id, which differs from request to request. */
const withoutRequestId = (res: LightMyRequestResponse) => res.body.replace(/"requestId":"[^"]*"/, '"requestId":""');

describe('a problem for a request that prefers Arabic', () => {
  it('is a 400 whose title, detail and field messages are Arabic', async () => {
    const res = await register(invalidRegistration, 'ar');
    expectProblem(res, 400, 'بيانات غير صالحة');
    expect(res.headers['content-language']).toBe('ar');
    expect(res.headers.vary).toMatch(/accept-language/i);
    const problem = res.json<Problem>();
    expect(problem.detail).toMatch(/^قيمة غير صالحة في: .*userName/);
    expect(problem.errors?.userName).toContain('يجب ألا يقل اسم المستخدم عن 4 أحرف.');
    expect(problem.errors?.emailAddress).toContain(arabicMessage(Messages.invalidEmail));
    expect(problem.errors?.password?.every((message) => ARABIC.test(message))).toBe(true);
  });

  it('is a 404 whose detail is Arabic', async () => {
    const res = await addToCart(999_999, 'ar');
    expectProblem(res, 404, 'غير موجود');
    expect(res.json<Problem>().detail).toBe('هذا الكتاب غير موجود.');
    expect(res.headers['content-language']).toBe('ar');
  });

  it('is a 409 whose detail and field messages are Arabic, the address and name quoted as sent', async () => {
    const suffix = randomBytes(3).toString('hex');
    const body = {
      emailAddress: `twice-${suffix}@example.com`,
      userName: `twice${suffix}`,
      firstName: 'Twice',
      lastName: 'Reader',
      password: 'First-pass1',
      confirmPassword: 'First-pass1',
    };
    expect((await register(body)).statusCode).toBe(201);
    const english = await register(body);
    const arabic = await register(body, 'ar-AE,ar;q=0.9,en;q=0.8');
    expectProblem(english, 409, 'Already Registered');
    expect(english.json<Problem>().errors?.userName).toEqual([AuthMessages.userNameTaken(body.userName)]);
    expectProblem(arabic, 409, 'مسجّل بالفعل');
    const problem = arabic.json<Problem>();
    expect(problem.errors?.emailAddress).toEqual([`البريد الإلكتروني "${body.emailAddress}" مسجّل بالفعل.`]);
    expect(problem.errors?.userName).toEqual([`اسم المستخدم "${body.userName}" مستخدم بالفعل.`]);
    // Both messages joined in the detail, each in Arabic.
    expect(problem.detail).toBe(`${problem.errors!.emailAddress![0]} ${problem.errors!.userName![0]}`);
  });

  it('is Arabic for the framework’s own refusals too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/no-such-thing',
      headers: { 'accept-language': 'ar' },
    });
    expectProblem(res, 404, 'غير موجود');
    expect(res.json<Problem>().detail).toBe('لا يوجد شيء على هذا العنوان.');
    const book = await t.app.inject({
      method: 'GET',
      url: '/api/v1/books/No%20Such%20Book',
      headers: { 'accept-language': 'ar' },
    });
    expect(book.json<Problem>().detail).toBe('لا يوجد كتاب بعنوان "No Such Book".');
  });
});

describe('a problem for any other request', () => {
  it('is byte for byte what it was without Accept-Language, for English and other languages', async () => {
    const plain = await register(invalidRegistration);
    expect(plain.json<Problem>().errors?.userName).toContain(Messages.userNameMin);
    for (const language of ['en', 'en-GB,en;q=0.9', 'fr', 'de,ar;q=0.5', 'ar;q=0.4,en', '*']) {
      const res = await register(invalidRegistration, language);
      expect(withoutRequestId(res), language).toBe(withoutRequestId(plain));
      expect(res.headers['content-language'], language).toBeUndefined();
      expect(String(res.headers.vary ?? ''), language).not.toMatch(/accept-language/i);
    }
  });

  it('keeps an English 404 and its detail', async () => {
    const res = await addToCart(999_999, 'en');
    expectProblem(res, 404, 'Not Found');
    expect(res.json<Problem>().detail).toBe(CartMessages.bookNotFound);
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/v1/no-such-thing',
      headers: { 'accept-language': 'fr' },
    });
    expect(page.json<Problem>().detail).toBe(RequestMessages.notFound);
  });
});

describe('the language a request prefers', () => {
  it('is the highest q, the first named on a tie', () => {
    expect(preferredLanguage('ar')).toBe('ar');
    expect(preferredLanguage('ar-AE,ar;q=0.9,en;q=0.8')).toBe('ar-ae');
    expect(preferredLanguage('en;q=0.5, ar')).toBe('ar');
    expect(preferredLanguage('ar;q=0.4,en')).toBe('en');
    expect(preferredLanguage('fr, ar')).toBe('fr');
    expect(preferredLanguage('*, ar;q=0.1')).toBe('ar');
    expect(preferredLanguage('ar;q=0')).toBe('');
    expect(preferredLanguage(undefined)).toBe('');
  });

  it('leaves text without an Arabic as it is', () => {
    const problem = { title: 'Teapot', status: 418, detail: 'Short and stout.', errors: { x: ['Custom.'] } };
    expect(problemInArabic(problem)).toEqual(problem);
  });
});
