import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Messages } from '@bookshop/contracts/messages';
import { LOGIN_FAILURES_FROM_ANY_CLIENT } from '../../platform/login-lockout.ts';
import { RateLimits } from '../../platform/rate-limit.ts';
import { createCustomer, createStaff, createTestApp, uniqueIp, type TestAccount } from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { tcpProxy, testRedis } from '../../test/redis.ts';

const { t } = useTestApp();

const BUDGET = RateLimits.login.perAccount.max;
const loginFrom = (
  ip: string,
  who: Pick<TestAccount, 'emailAddress'>,
  password: string,
  url = '/api/v1/customers/login',
) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: { emailAddress: who.emailAddress, password },
    headers: { 'x-forwarded-for': ip },
  });

function expectLocked(res: Awaited<ReturnType<typeof loginFrom>>) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  expect(res.json().detail).toBe(Messages.tooManyRequests);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(RateLimits.login.perAccount.windowSeconds);
}

/** The owner's account after `failures` wrong passwords, each from its own address (or all from `ip`). */
async function attacked(failures: number, ip?: string) {
  const owner = await createCustomer(t);
  for (let i = 0; i < failures; i++)
    expect((await loginFrom(ip ?? uniqueIp(), owner, 'Wrong-pass1')).statusCode).toBe(400);
  return owner;
}

describe('login lockout (docs/decisions/023-login-lockout.md)', () => {
  it('keeps the attacker out, even with the right password, and lets the owner in from a clean address', async () => {
    const attacker = uniqueIp();
    const owner = await attacked(BUDGET, attacker);

    expectLocked(await loginFrom(attacker, owner, 'Wrong-pass1'));
    // The same answer for the right password, so a 429 tells the attacker nothing.
    expectLocked(await loginFrom(attacker, owner, owner.password));

    const home = uniqueIp();
    expect((await loginFrom(home, owner, owner.password)).statusCode).toBe(200);
    expect((await loginFrom(home, owner, owner.password)).statusCode).toBe(200);
  });

  it('still limits wrong passwords from a clean address: one try, then 429', async () => {
    const owner = await attacked(BUDGET);
    const newcomer = uniqueIp();
    expect((await loginFrom(newcomer, owner, 'Wrong-pass2')).statusCode).toBe(400);
    expectLocked(await loginFrom(newcomer, owner, 'Wrong-pass3'));
    expectLocked(await loginFrom(newcomer, owner, owner.password));
  });

  it('locks the account for everyone once a crowd of addresses has failed on it', async () => {
    const owner = await attacked(LOGIN_FAILURES_FROM_ANY_CLIENT);
    expectLocked(await loginFrom(uniqueIp(), owner, owner.password));
  });

  it('counts only failures: an owner logging in often is never limited per account', async () => {
    const owner = await createCustomer(t);
    for (let i = 0; i < BUDGET + 5; i++)
      expect((await loginFrom(uniqueIp(), owner, owner.password)).statusCode).toBe(200);
  });

  it("forgets a client's typos once it logs in, and lets typos through while the account is not under attack", async () => {
    const home = uniqueIp();
    const owner = await attacked(2, home);
    expect((await loginFrom(home, owner, owner.password)).statusCode).toBe(200);
    // The account reaches its budget from elsewhere; home's earlier typos no longer count against it.
    for (let i = 0; i < BUDGET - 2; i++)
      expect((await loginFrom(uniqueIp(), owner, 'Wrong-pass1')).statusCode).toBe(400);
    expect((await loginFrom(home, owner, owner.password)).statusCode).toBe(200);
  });

  it('does not count an unconfirmed but correct login as a failure', async () => {
    const owner = await attacked(BUDGET - 1);
    await t.db.execute(sql`update accounts set email_confirmed_at = null where id = ${owner.id}`);
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++)
      expect((await loginFrom(ip, owner, owner.password)).json().title).toBe('Email Not Confirmed');
  });

  it('works the same on the staff login', async () => {
    const attacker = uniqueIp();
    const staff = await createStaff(t);
    for (let i = 0; i < BUDGET; i++)
      expect((await loginFrom(attacker, staff, 'Wrong-pass1', '/api/v1/users/login')).statusCode).toBe(400);
    expectLocked(await loginFrom(attacker, staff, staff.password, '/api/v1/users/login'));
    expect((await loginFrom(uniqueIp(), staff, staff.password, '/api/v1/users/login')).statusCode).toBe(200);
  });
});

const redis = await testRedis();

describe('when Redis goes away after start-up', () => {
  it.skipIf(!redis.up)('still holds the attacker, counting in memory instead', async () => {
    const proxy = await tcpProxy(new URL(redis.url));
    const app = await createTestApp({ REDIS_URL: proxy.url });
    try {
      await proxy.cut();
      const attacker = uniqueIp();
      const payload = { emailAddress: 'someone@example.com', password: 'Wrong-pass1' };
      const attempt = () =>
        app.app.inject({
          method: 'POST',
          url: '/api/v1/customers/login',
          payload,
          headers: { 'x-forwarded-for': attacker },
        });
      for (let i = 0; i < BUDGET; i++) expect((await attempt()).statusCode).toBe(400);
      expect((await attempt()).statusCode).toBe(429);
    } finally {
      await app.close();
      await proxy.close();
    }
  });
});
