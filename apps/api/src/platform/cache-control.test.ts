import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleName } from '@bookshop/contracts/enums';
import { addAddress, checkout, fillCart } from '../modules/checkout/testing.ts';
import {
  createCustomer,
  createStaff,
  createTestApp,
  testBook,
  uniqueIp,
  type TestAccount,
  type TestApp,
} from '../test/app.ts';
import { PUBLIC_SHARED } from './cache-control.ts';

/**
 * Every operation of the OpenAPI document that needs a token or the session cookie answers
 * `Cache-Control: private, no-store`, whoever calls and whatever the status; public catalogue
 * reads answer without it, shared (ASVS 14.3.2, docs/decisions/059 and 101).
 */

type Operation = { method: string; path: string; statuses: string[] };
type Answer = { statusCode: number; headers: Record<string, unknown> };

let t: TestApp;
let customer: TestAccount;
let other: TestAccount;
let staff: TestAccount;
let operations: Operation[];
/** Ids of the other customer's records: the customer must get a 404 for them, not cached either. */
const ids: Record<string, number | string> = {};

beforeAll(async () => {
  t = await createTestApp();
  [customer, other, staff] = await Promise.all([createCustomer(t), createCustomer(t), createStaff(t, RoleName.Admin)]);
  ids.title = 'Cached Emma';
  ids.bookId = await t.catalogue.createBook(testBook({ title: ids.title, stockQuantity: 5 }));
  ids.addressId = await addAddress(t, other);
  await fillCart(t, other, { [ids.bookId]: 1 });
  ids.orderId = (await checkout(t, other, ids.addressId)).orderId;

  await t.app.ready();
  const document = t.app.swagger() as {
    paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      statuses: Object.keys(operation.responses ?? {}),
    })),
  );
});
afterAll(() => t?.close());

/** The operation's URL with the other customer's ids (or the test book) in its path. */
function urlOf(operation: Operation): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'title') return encodeURIComponent(String(ids.title));
    if (operation.path.includes('/customers-addresses')) return String(ids.addressId);
    if (operation.path.includes('/orders')) return String(ids.orderId);
    return name === 'bookId' ? String(ids.bookId) : '1';
  });
}

function send(operation: Operation, headers: Record<string, string> = {}): Promise<Answer> {
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(operation.method);
  return t.app.inject({
    method: operation.method as 'GET',
    url: urlOf(operation),
    headers: { 'x-forwarded-for': uniqueIp(), ...(hasBody && { 'content-type': 'application/json' }), ...headers },
    ...(hasBody && { payload: '{}' }),
  });
}

/** What the rule sends, or a route's own `no-store` (the orders CSV), which keeps it from every cache as well. */
const keptFromCaches = (res: Answer) =>
  ['private, no-store', 'no-store'].includes(String(res.headers['cache-control']));

const describeAnswer = (operation: Operation, who: string, res: Answer) =>
  `${operation.method} ${operation.path} as ${who} → ${res.statusCode}, cache-control: ${String(res.headers['cache-control'])}`;

describe('Cache-Control of answers for one caller', () => {
  it('is private, no-store on every answer of every operation that needs a token or the session cookie', async () => {
    const wrong: string[] = [];
    const personal: string[] = [];
    for (const operation of operations) {
      const guest = await send(operation);
      // Needs a token (a guest is refused), or is a session endpoint (its answers list a 401).
      if (guest.statusCode !== 401 && !operation.statuses.includes('401')) continue;
      personal.push(`${operation.method} ${operation.path}`);
      const answers: [string, Answer][] = [
        ['guest', guest],
        ['customer', await send(operation, customer.headers)],
        ['staff', await send(operation, staff.headers)],
        ['a cookie', await send(operation, { cookie: customer.refreshCookie })],
      ];
      for (const [who, res] of answers) if (!keptFromCaches(res)) wrong.push(describeAnswer(operation, who, res));
    }
    expect(personal).toEqual(
      expect.arrayContaining([
        'POST /api/v1/users/app-rt',
        'GET /api/v1/users/me',
        'GET /api/v1/orders',
        'GET /api/v1/orders/customer',
        'GET /api/v1/orders/{id}',
        'GET /api/v1/cart',
        'GET /api/v1/wishlist',
        'GET /api/v1/customers-addresses',
        'GET /api/v1/dashboard',
        'GET /api/v1/support-tickets/customer',
        'GET /api/v1/reviews/review-by/{bookId}',
      ]),
    );
    expect(personal.length).toBeGreaterThan(30);
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  it('is private, no-store on every answer to a change, sign-in and registration included', async () => {
    const changes = operations.filter((o) => o.method !== 'GET');
    expect(changes.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/customers/login',
        'POST /api/v1/users/login',
        'POST /api/v1/customers/register',
      ]),
    );
    const wrong: string[] = [];
    for (const operation of changes) {
      const res = await send(operation);
      if (!keptFromCaches(res)) wrong.push(describeAnswer(operation, 'guest', res));
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  it("is private, no-store on the 404 for another customer's order and address", async () => {
    for (const url of [`/api/v1/orders/${ids.orderId}`, `/api/v1/customers-addresses/${ids.addressId}`]) {
      const method = url.includes('addresses') ? 'DELETE' : 'GET';
      const res = await t.app.inject({ method, url, headers: customer.headers });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('is private, no-store on a sign-in, a registration and a refreshed token', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customers/login',
      headers: { 'x-forwarded-for': uniqueIp() },
      payload: { emailAddress: customer.emailAddress, password: customer.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('private, no-store');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/app-rt',
      headers: { cookie: customer.refreshCookie },
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.headers['cache-control']).toBe('private, no-store');
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customers/register',
      headers: { 'x-forwarded-for': uniqueIp() },
      payload: {
        firstName: 'Layla',
        lastName: 'Haddad',
        userName: `layla-${Date.now()}`,
        emailAddress: `layla-${Date.now()}@example.com`,
        password: 'Secret-pass1!',
        confirmPassword: 'Secret-pass1!',
      },
    });
    expect(register.statusCode, register.body).toBeLessThan(300);
    expect(register.headers['cache-control']).toBe('private, no-store');
  });

  it('is left off public catalogue reads, which a CDN may share (decision 101)', async () => {
    const publicReads = operations.filter((o) => o.method === 'GET' && !o.statuses.includes('401'));
    const marked: string[] = [];
    for (const operation of publicReads) {
      const res = await send(operation);
      if (res.statusCode !== 401 && res.headers['cache-control'] === 'private, no-store')
        marked.push(describeAnswer(operation, 'guest', res));
    }
    expect(marked, marked.join('\n')).toEqual([]);
    for (const url of ['/api/v1/books', `/api/v1/books/${encodeURIComponent(String(ids.title))}`, '/api/v1/genres']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(PUBLIC_SHARED);
      // The same read with a cookie or a token may not be shared.
      for (const headers of [{ cookie: customer.refreshCookie }, customer.headers]) {
        const personal = await t.app.inject({ method: 'GET', url, headers });
        expect(personal.statusCode, url).toBe(200);
        expect(personal.headers['cache-control'], url).toBe('private, no-store');
      }
    }
  });
});
