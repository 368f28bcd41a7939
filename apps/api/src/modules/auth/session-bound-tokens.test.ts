import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { AuthMessages } from '@bookshop/contracts/auth';
import { PersonType, RoleName } from '@bookshop/contracts/enums';
import {
  createCustomer,
  createStaff,
  expectProblem,
  loginAs,
  secondInstance,
  uniqueIp,
  type TestAccount,
} from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/**
 * An access token lives only as long as its session (decision 056): logout, a password change
 * (other sessions), a password reset (all sessions) and a reused refresh token end the access
 * tokens of those sessions at once, not 15 minutes later.
 */

const { t, smtp } = useTestApp({ mail: true });

const NEW_PASSWORD = 'Brand-new-pass2';
type Session = { token: string; refreshCookie: string };

const kinds = [
  {
    who: 'customer',
    base: '/api/v1/customers',
    /** A route only a signed-in customer may call. */
    protectedUrl: '/api/v1/customers',
    make: () => createCustomer(t),
  },
  {
    who: 'staff member',
    base: '/api/v1/users',
    protectedUrl: '/api/v1/users/me',
    make: () => createStaff(t, RoleName.Supervisor),
  },
];

describe.each(kinds)('the access token of a $who', ({ base, protectedUrl, make }) => {
  const call = (session: Pick<Session, 'token'>, app = t.app) =>
    app.inject({ method: 'GET', url: protectedUrl, headers: { authorization: `Bearer ${session.token}` } });
  const expectEnded = async (session: Session) => {
    const res = await call(session);
    expectProblem(res, 401);
    expect(res.json().detail).toBe(AuthMessages.sessionEnded);
    expect(res.headers['www-authenticate']).toBe('Bearer');
  };
  const post = (url: string, payload: object | undefined, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': uniqueIp(), ...headers } });
  const refresh = (cookie: string) => post('/api/v1/users/app-rt', undefined, { cookie });

  it('ends at once when its session logs out; the account’s other sessions carry on', async () => {
    const account = await make();
    const otherBrowser = await loginAs(t, account);
    expect((await call(account)).statusCode).toBe(200);

    expect((await post('/api/v1/users/logout', undefined, { cookie: account.refreshCookie })).statusCode).toBe(204);

    await expectEnded(account);
    expect((await call(otherBrowser)).statusCode).toBe(200);
  });

  it('of other sessions ends when the password is changed; the caller’s own keeps working', async () => {
    const account = await make();
    const phone = await loginAs(t, account);
    const res = await t.app.inject({
      method: 'PATCH',
      url: base,
      headers: account.headers,
      payload: { currentPassword: account.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);

    await expectEnded(phone);
    expect((await call(account)).statusCode).toBe(200);
  });

  it('of every session ends when the password is reset', async () => {
    const account = await make();
    const phone = await loginAs(t, account);
    expect((await post(`${base}/forgot-password`, { emailAddress: account.emailAddress })).statusCode).toBe(202);
    const token = new URL((await smtp.nextMail(account.emailAddress)).links[0]!).searchParams.get('token')!;

    const res = await post(`${base}/reset-password`, { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);

    await expectEnded(account);
    await expectEnded(phone);
  });

  it('ends with its session when a stolen refresh token is replayed (the family is revoked)', async () => {
    const account = await make();
    const rotated = await refresh(account.refreshCookie);
    const next = rotated.cookies.find((c) => c.name === 'bookshop_refresh')!;
    const current = { token: rotated.json<{ token: string }>().token, refreshCookie: `bookshop_refresh=${next.value}` };
    expect((await refresh(current.refreshCookie)).statusCode).toBe(200);

    expectProblem(await refresh(account.refreshCookie), 401);

    await expectEnded(account);
    await expectEnded(current);
  });
});

describe('a session', () => {
  it('belongs to one account: another account’s token naming it is refused', async () => {
    const owner = await createCustomer(t);
    const other = await createCustomer(t);
    const sid = decodeJwt(owner.token).sid as string;
    const forged = await t.app.accessTokens.sign({
      id: other.id,
      personType: PersonType.Customer,
      role: null,
      sessionId: sid,
    });
    expectProblem(
      await t.app.inject({ method: 'GET', url: '/api/v1/customers', headers: { authorization: `Bearer ${forged}` } }),
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/customers', headers: owner.headers })).statusCode).toBe(
      200,
    );
  });
});

describe('a deleted customer’s access token', () => {
  it('stops working at once, with every other session of the account', async () => {
    const customer = await createCustomer(t);
    const phone = await loginAs(t, customer);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/customers/account',
      headers: customer.headers,
      payload: { password: customer.password },
    });
    expect(res.statusCode, res.body).toBe(204);
    for (const session of [customer, phone])
      expectProblem(
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/customers',
          headers: { authorization: `Bearer ${session.token}` },
        }),
        401,
      );
  });
});

describe('a demoted staff member', () => {
  it('loses the old role’s rights on the next request, with the same access token', async () => {
    const admin = await createStaff(t, RoleName.Admin);
    const member = await createStaff(t, RoleName.Admin);
    const staffList = (who: TestAccount) => t.app.inject({ method: 'GET', url: '/api/v1/users', headers: who.headers });
    expect((await staffList(member)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${member.id}/role`,
      headers: admin.headers,
      payload: { role: RoleName.User },
    });
    expect(res.statusCode, res.body).toBe(200);
    expectProblem(await staffList(member), 403);
  });
});

// Two instances behind a load balancer share only the database: a logout on one must end the
// token on the other at once. Needs a PostgreSQL server (PGlite is one process's database).
describe.skipIf(!process.env.DATABASE_URL)('two API instances (PostgreSQL)', () => {
  it.each(kinds)(
    'a $who’s logout on instance A ends the access token on instance B',
    async ({ protectedUrl, make }) => {
      const second = await secondInstance(t);
      try {
        const account = await make();
        const onB = () =>
          second.app.inject({
            method: 'GET',
            url: protectedUrl,
            headers: { authorization: `Bearer ${account.token}` },
          });
        expect((await onB()).statusCode).toBe(200);

        const logout = await t.app.inject({
          method: 'POST',
          url: '/api/v1/users/logout',
          headers: { cookie: account.refreshCookie },
        });
        expect(logout.statusCode).toBe(204);

        expectProblem(await onB(), 401);
      } finally {
        await second.close();
      }
    },
  );

  it('a refresh racing a password change never outlives the change', async () => {
    // Without the account lock the refresh committed a token the change's UPDATE had not seen, or
    // the two deadlocked (the refresh's new row takes a key-share lock on the account row).
    const second = await secondInstance(t);
    try {
      // A fresh customer and address each round: password changes are rate limited per account and per IP.
      for (let round = 0; round < 30; round++) {
        const account = await createCustomer(t);
        const phone = await loginAs(t, account);
        const [rotated, changed] = await Promise.all([
          second.app.inject({
            method: 'POST',
            url: '/api/v1/users/app-rt',
            headers: { cookie: phone.refreshCookie, 'x-forwarded-for': uniqueIp() },
          }),
          t.app.inject({
            method: 'PATCH',
            url: '/api/v1/customers',
            headers: { ...account.headers, 'x-forwarded-for': uniqueIp() },
            payload: { currentPassword: account.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
          }),
        ]);
        // Both orders are fine; neither may fail (they deadlocked into a 500 before the lock).
        expect(changed.statusCode, changed.body).toBe(200);
        expect([200, 401], rotated.body).toContain(rotated.statusCode);
        if (rotated.statusCode !== 200) continue;
        const cookie = rotated.cookies.find((c) => c.name === 'bookshop_refresh');
        const token = rotated.json<{ token: string }>().token;
        const again = await t.app.inject({
          method: 'GET',
          url: '/api/v1/customers',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(again.statusCode, `round ${round}: the phone's new access token`).toBe(401);
        if (cookie) {
          const reuse = await t.app.inject({
            method: 'POST',
            url: '/api/v1/users/app-rt',
            headers: { cookie: `bookshop_refresh=${cookie.value}`, 'x-forwarded-for': uniqueIp() },
          });
          expect(reuse.statusCode, `round ${round}: the phone's new refresh token`).toBe(401);
        }
      }
    } finally {
      await second.close();
    }
  });
});
