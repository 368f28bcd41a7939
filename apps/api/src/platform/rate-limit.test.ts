import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '@bookshop/contracts/messages';
import { createTestApp, uniqueIp, type TestApp } from '../test/app.ts';
import { tcpProxy, testRedis } from '../test/redis.ts';
import { RateLimits, registerRateLimits } from './rate-limit.ts';

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
  it('stops logins on an account after 10 failures in 15 minutes, for the addresses that failed on it', async () => {
    const target = email();
    const ips = Array.from({ length: RateLimits.login.perAccount.max }, () => uniqueIp());
    for (const ip of ips) expect((await login(t, target, ip)).statusCode).toBe(400);
    expectTooManyRequests(await login(t, target.toUpperCase(), ips[0]!));
    expect((await login(t, email(), ips[0]!)).statusCode).toBe(400);
    // An address that has not failed on it gets one try (docs/decisions/023-login-lockout.md).
    expect((await login(t, target, uniqueIp())).statusCode).toBe(400);
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

const { url: redisUrl, up: redisUp } = await testRedis();

describe('with REDIS_URL', () => {
  it.skipIf(!redisUp)('shares the limits between instances', async () => {
    const [a, b] = await Promise.all([createTestApp({ REDIS_URL: redisUrl }), createTestApp({ REDIS_URL: redisUrl })]);
    try {
      const target = email();
      const ip = uniqueIp();
      for (let i = 0; i < RateLimits.login.perAccount.max; i++)
        expect((await login(i % 2 ? a : b, target, ip)).statusCode).toBe(400);
      expectTooManyRequests(await login(a, target, ip));
      expectTooManyRequests(await login(b, target, ip));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('refuses to start, in one line naming REDIS_URL, when Redis does not answer', async () => {
    const port = await closedPort();
    const app = Fastify();
    try {
      const started = registerRateLimits(app, { redisUrl: `redis://:secret@127.0.0.1:${port}` });
      await expect(started).rejects.toThrow(
        /^Cannot connect to REDIS_URL \(redis:\/\/:\*\*\*@127\.0\.0\.1:\d+\): connect ECONNREFUSED/,
      );
      const message = await started.catch((error: Error) => error.message);
      expect(message).not.toContain('\n');
      expect(message).not.toContain('secret');
    } finally {
      await app.close();
    }
  });

  it.skipIf(!redisUp)(
    'keeps limiting per instance while Redis is away, and shares limits again when it is back',
    async () => {
      const proxy = await tcpProxy(new URL(redisUrl));
      const [a, b] = await Promise.all([
        createTestApp({ REDIS_URL: proxy.url }),
        createTestApp({ REDIS_URL: proxy.url }),
      ]);
      try {
        // Per-account budgets through the shared store (login has its own lockout counters).
        const budget = RateLimits.forgotPassword.perAccount.max;
        const forgot = (app: TestApp, emailAddress: string) =>
          post(app, '/api/v1/customers/forgot-password', { emailAddress }, uniqueIp());
        const target = email();
        expect((await forgot(a, target)).statusCode).toBe(202);

        await proxy.cut();
        // Counted in this instance's memory from here on: the limit still holds.
        for (let i = 0; i < budget; i++) expect((await forgot(a, target)).statusCode).toBe(202);
        expectTooManyRequests(await forgot(a, target));
        // Still serving, so still ready: reported degraded (health.test.ts).
        await a.app.catalogue.indexReady();
        const ready = await a.app.inject({ method: 'GET', url: '/health/ready' });
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toEqual({ status: 'degraded', degraded: ['redis unreachable'] });

        await proxy.restore();
        await Promise.all([untilReady(a), untilReady(b)]);
        const shared = email();
        for (let i = 0; i < budget; i++) expect((await forgot(i % 2 ? a : b, shared)).statusCode).toBe(202);
        expectTooManyRequests(await forgot(a, shared));
        expectTooManyRequests(await forgot(b, shared));
      } finally {
        await Promise.all([a.close(), b.close()]);
        await proxy.close();
      }
    },
  );
});

/** A port nothing listens on. */
async function closedPort() {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as { port: number };
  await new Promise((resolve) => closed.close(resolve));
  return port;
}

/** Polls readiness until Redis answers again (no longer degraded). */
async function untilReady(app: TestApp) {
  for (let i = 0; i < 100; i++) {
    const ready = await app.app.inject({ method: 'GET', url: '/health/ready' });
    if (ready.json<{ status: string }>().status === 'ok') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Redis did not come back');
}
