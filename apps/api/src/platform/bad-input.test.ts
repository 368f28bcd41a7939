import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages } from '@bookshop/contracts/account';
import { AuthMessages } from '@bookshop/contracts/auth';
import { PersonType } from '@bookshop/contracts/enums';
import { Messages } from '@bookshop/contracts/messages';
import { TextMessages } from '@bookshop/contracts/text';
import {
  createCustomer,
  createTestApp,
  expectProblem,
  expectValidationError,
  testBook,
  uniqueIp,
  type TestAccount,
  type TestApp,
} from '../test/app.ts';
import { insertAccount, insertRefreshToken } from '../modules/auth/queries.ts';
import { findNulCharacter, NUL_CHARACTER_MESSAGE } from './validation.ts';

/** Input that used to reach PostgreSQL and fail there as a 500 (issue 7, "500s from bad input"). */

let t: TestApp;
let customer: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  customer = await createCustomer(t);
  await t.catalogue.createBook(testBook({ title: 'Persuasion' }));
});
afterAll(() => t.close());

const get = (url: string, who?: { headers: object }) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': uniqueIp(), ...who?.headers } });

const registration = (overrides: Record<string, unknown>) => ({
  emailAddress: `nul-${uniqueIp()}@example.com`,
  userName: `nul-${Date.now()}`,
  firstName: 'Layla',
  lastName: 'Haddad',
  password: 'Secret-pass1',
  confirmPassword: 'Secret-pass1',
  ...overrides,
});

describe('a NUL character in any text', () => {
  it.each([
    ['genre', '/api/v1/books?genre=a%00b'],
    ['author', '/api/v1/books?author=a%00b'],
    ['keyword', '/api/v1/books/search-books?keyword=a%00b'],
    ['title', '/api/v1/books/a%00b'],
  ])('is a 400 naming %s in a query or a path', async (field, url) => {
    expectValidationError(await get(url), field, NUL_CHARACTER_MESSAGE);
  });

  it('is a 400 naming the field of a JSON body, however deep', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customers/register',
      headers: { 'x-forwarded-for': uniqueIp() },
      payload: registration({ firstName: 'Lay\u0000la' }),
    });
    expectValidationError(register, 'firstName', NUL_CHARACTER_MESSAGE);

    const address = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customers-addresses',
      headers: customer.headers,
      payload: { address: '1 Sheikh Zayed Road', country: 'AE', city: 'Dubai\u0000', phoneNo: '04 332 4567' },
    });
    expectValidationError(address, 'city', NUL_CHARACTER_MESSAGE);

    const merge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/merge',
      headers: customer.headers,
      payload: {
        items: [
          { bookId: 1, quantity: 1 },
          { bookId: '\u0000', quantity: 1 },
        ],
      },
    });
    expectValidationError(merge, 'items.1.bookId', NUL_CHARACTER_MESSAGE);
  });

  it('is a 400 naming the field of a multipart form', async () => {
    const form = new FormData();
    form.append('firstName', 'Lay\u0000la');
    form.append('lastName', 'Haddad');
    form.append('userName', 'layla-nul');
    const encoded = new Response(form);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/customers',
      headers: { ...customer.headers, 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expectValidationError(res, 'firstName', NUL_CHARACTER_MESSAGE);
  });

  it('is found by key path without recursion, also in keys and at any depth', () => {
    expect(findNulCharacter({ a: ['x', { b: 'y\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(findNulCharacter({ a: { 'b\u0000': 1 } })).toEqual(['a']);
    expect(findNulCharacter('\u0000')).toEqual([]);
    expect(findNulCharacter({ a: 'fine', b: [1, true, null], c: Buffer.from([0]) })).toBeUndefined();
    const deep = JSON.parse(`${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`) as unknown;
    expect(findNulCharacter(deep)).toHaveLength(200_000);
  });
});

describe('invisible and direction-overriding characters (issue 19)', () => {
  it('refuses names of zero-width characters and a user name that reverses itself, and registers no one', async () => {
    const emailAddress = `invisible-${uniqueIp()}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customers/register',
      headers: { 'x-forwarded-for': uniqueIp() },
      payload: registration({
        emailAddress,
        firstName: '\u200B\u200B\u200B',
        lastName: '\u2060\u200D',
        userName: 'reader\u202Egnp.exe',
      }),
    });
    expectValidationError(res, 'firstName', Messages.firstNameRequired);
    expectValidationError(res, 'lastName', Messages.lastNameRequired);
    expectValidationError(res, 'userName', TextMessages.directionControl);
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customers/check-email',
      headers: { 'x-forwarded-for': uniqueIp() },
      payload: { emailAddress },
    });
    expect(check.json()).toBe(false);
  });

  it('refuses an address of zero-width characters and a lone surrogate in a city, and saves neither', async () => {
    const address = { address: '1 Sheikh Zayed Road', country: 'AE', city: 'Dubai', phoneNo: '04 332 4567' };
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/customers-addresses', headers: customer.headers, payload });
    expectValidationError(await post({ ...address, address: '\u200B\uFEFF\u200B' }), 'address', 'Address is required.');
    expectValidationError(await post({ ...address, city: 'Du\uD800bai' }), 'city', TextMessages.invalidCharacter);
    const saved = await get('/api/v1/customers-addresses', customer);
    expect(saved.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('keeps Arabic names with their joiners as written', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customers/register',
      headers: { 'x-forwarded-for': uniqueIp() },
      payload: registration({ firstName: 'عبد\u200Dالله', lastName: 'الحداد', userName: `قارئ-${Date.now()}` }),
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('numbers beyond what PostgreSQL stores', () => {
  it.each([
    ['id', '/api/v1/customers-addresses/99999999999'],
    ['id', '/api/v1/customers-addresses/2147483648'],
    ['bookId', '/api/v1/wishlist/1e10'],
    ['pageNo', '/api/v1/books?pageNo=99999999999999999999'],
    ['pageSize', '/api/v1/books?pageSize=1e308'],
  ])('are a 400 naming %s (%s)', async (field, url) => {
    const res = await t.app.inject({
      method: url.includes('wishlist') ? 'DELETE' : 'GET',
      url,
      headers: customer.headers,
    });
    expectValidationError(res, field);
  });
});

describe('an access token signed with the right secret', () => {
  // Its session (decision 056): a refresh-token family the test starts for the account.
  const sid = randomUUID();
  const sign = (sub: string) =>
    new SignJWT({ personType: PersonType.Customer, role: null, sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(t.config.jwtSecret));

  it.each(['99999999999999999999', '2147483648', '10000000000'])(
    'with a sub beyond PostgreSQL integer (%s) is a 401, not a 500',
    async (sub) => {
      const res = await get('/api/v1/customers', { headers: { authorization: `Bearer ${await sign(sub)}` } });
      expectProblem(res, 401);
      expect(res.json<{ detail: string }>().detail).toBe(AuthMessages.sessionEnded);
    },
  );

  it('with the largest integer sub is read as that account id', async () => {
    const largest = 2147483647;
    const authorization = `Bearer ${await sign(String(largest))}`;
    // No such account yet: the guards refuse it like a deleted one.
    expectProblem(await get('/api/v1/customers', { headers: { authorization } }), 401);
    await insertAccount(t.db, {
      id: largest,
      personType: PersonType.Customer,
      emailAddress: 'largest-id@example.com',
      userName: 'largest-id',
      firstName: 'Largest',
      lastName: 'Id',
      emailConfirmedAt: new Date(),
    });
    await insertRefreshToken(t.db, {
      accountId: largest,
      familyId: sid,
      hash: 'largest-id-session',
      ttlDays: 1,
      familyTtlDays: 1,
    });
    const res = await get('/api/v1/customers', { headers: { authorization } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ id: number }>().id).toBe(largest);
  });
});

describe('a malformed multipart form on PUT v1/customers', () => {
  const put = (payload: string, contentType = 'multipart/form-data; boundary=b') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/customers',
      headers: { ...customer.headers, 'content-type': contentType },
      payload,
    });
  const field = (name: string, value: string) =>
    `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

  it.each([
    ['a wrong boundary', `--other\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nLayla\r\n--other--\r\n`],
    [
      'a truncated body',
      `${field('firstName', 'Layla')}--b\r\nContent-Disposition: form-data; name="lastName"\r\n\r\nHad`,
    ],
    ['a body that is not multipart', 'firstName=Layla'],
    [
      'a JSON part that is not JSON',
      `--b\r\nContent-Disposition: form-data; name="firstName"\r\nContent-Type: application/json\r\n\r\n{oops\r\n--b--\r\n`,
    ],
  ])('is a 400 problem with a fixed detail: %s', async (_, payload) => {
    const res = await put(payload);
    expectValidationError(res, 'body', AccountMessages.malformedForm);
    expect(res.json<{ detail: string }>().detail).toBe(AccountMessages.malformedForm);
  });

  it('is a 400 without a boundary at all', async () => {
    expectValidationError(await put(field('firstName', 'Layla'), 'multipart/form-data'), 'body');
  });

  it('names the image field for a file part without a name', async () => {
    const res = await put(
      `${field('firstName', 'Layla')}--b\r\nContent-Disposition: form-data; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--b--\r\n`,
    );
    expectValidationError(res, 'image', AccountMessages.unexpectedFile);
  });
});
