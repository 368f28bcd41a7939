import { randomBytes } from 'node:crypto';
import { connect, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '@bookshop/contracts/messages';
import { createTestApp, uniqueIp, type TestApp } from '../test/app.ts';
import { RateLimits } from './rate-limit.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const email = () => `limit-${randomBytes(5).toString('hex')}@example.com`;
const post = (app: TestApp, url: string, payload: object, ip: string) =>
  app.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': ip } });
const registration = (extra: object = {}) => {
  const password = 'Str0ng-pass';
  return {
    emailAddress: email(),
    userName: `user${randomBytes(4).toString('hex')}`,
    password,
    confirmPassword: password,
    ...extra,
  };
};
const login = (app: TestApp, emailAddress: string, ip: string) =>
  post(app, '/api/v1/customers/login', { emailAddress, password: 'Wrong-pass1' }, ip);

function expectTooManyRequests(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  expect(res.json()).toEqual({
    title: 'Too Many Request',
    status: 429,
    detail: Messages.tooManyRequests,
    message: 'Too many requests, Calm down horse !',
    requestId: expect.any(String),
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('per IP', () => {
  it('stops the 21st login attempt in a minute from one address, whatever the accounts', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < RateLimits.login.perIp.max; i++) expect((await login(t, email(), ip)).statusCode).toBe(400);
    expectTooManyRequests(await login(t, email(), ip));
    // Another address is not affected.
    expect((await login(t, email(), uniqueIp())).statusCode).toBe(400);
  });

  it.each([
    [
      '/api/v1/customers/register',
      RateLimits.register.perIp.max,
      () => registration({ firstName: 'Rate', lastName: 'Limit' }),
    ],
    ['/api/v1/users/register', RateLimits.register.perIp.max, () => registration()],
    ['/api/v1/customers/check-email', RateLimits.checkEmail.perIp.max, () => ({ emailAddress: email() })],
    ['/api/v1/users/check-email', RateLimits.checkEmail.perIp.max, () => ({ emailAddress: email() })],
    ['/api/v1/customers/forgot-password', RateLimits.forgotPassword.perIp.max, () => ({ emailAddress: email() })],
    ['/api/v1/users/forgot-password', RateLimits.forgotPassword.perIp.max, () => ({ emailAddress: email() })],
    [
      '/api/v1/customers/google-signin',
      RateLimits.googleSignIn.perIp.max,
      () => ({ idToken: 'x', nonce: randomBytes(16).toString('hex') }),
    ],
  ])('limits %s to %i requests per address', async (url, max, body) => {
    const ip = uniqueIp();
    for (let i = 0; i < max; i++) expect((await post(t, url, body(), ip)).statusCode).not.toBe(429);
    expectTooManyRequests(await post(t, url, body(), ip));
  });
});

describe('per account', () => {
  it('stops the 11th login attempt on one account in 15 minutes, whatever the addresses', async () => {
    const target = email();
    for (let i = 0; i < RateLimits.login.perAccount.max; i++)
      expect((await login(t, target, uniqueIp())).statusCode).toBe(400);
    expectTooManyRequests(await login(t, target.toUpperCase(), uniqueIp()));
    expect((await login(t, email(), uniqueIp())).statusCode).toBe(400);
  });

  it('stops mail-bombing one address with reset and confirmation requests', async () => {
    for (const url of [
      '/api/v1/customers/forgot-password',
      '/api/v1/customers/resend-confirmation',
      '/api/v1/users/forgot-password',
    ]) {
      const target = email();
      for (let i = 0; i < RateLimits.forgotPassword.perAccount.max; i++) {
        expect((await post(t, url, { emailAddress: target }, uniqueIp())).statusCode).toBe(202);
      }
      expectTooManyRequests(await post(t, url, { emailAddress: target }, uniqueIp()));
    }
  });

  it('counts customers and staff apart', async () => {
    const target = email();
    for (let i = 0; i < RateLimits.login.perAccount.max; i++) await login(t, target, uniqueIp());
    const staffLogin = await post(
      t,
      '/api/v1/users/login',
      { emailAddress: target, password: 'Wrong-pass1' },
      uniqueIp(),
    );
    expect(staffLogin.statusCode).toBe(400);
  });
});

/** True when something accepts connections at the URL's host and port. */
function reachable(url: URL): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 6379), timeout: 500 });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

// A fresh machine may have no Redis: the shared-limit test then skips (CI sets TEST_REDIS_URL).
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await reachable(new URL(redisUrl));

describe('with REDIS_URL', () => {
  it.skipIf(!redisUp)('shares the limits between instances', async () => {
    const [a, b] = await Promise.all([createTestApp({ REDIS_URL: redisUrl }), createTestApp({ REDIS_URL: redisUrl })]);
    try {
      const target = email();
      for (let i = 0; i < RateLimits.login.perAccount.max; i++)
        expect((await login(i % 2 ? a : b, target, uniqueIp())).statusCode).toBe(400);
      expectTooManyRequests(await login(a, target, uniqueIp()));
      expectTooManyRequests(await login(b, target, uniqueIp()));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('keeps serving when Redis is down (limits resume when it is back)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const app = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
    try {
      expect((await login(app, email(), uniqueIp())).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});
