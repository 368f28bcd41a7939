import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { AuthMessages, ProblemType } from '@bookshop/contracts/auth';
import { SESSION_MARKER_COOKIE } from '@bookshop/contracts/constants';
import { PersonType, RoleName } from '@bookshop/contracts/enums';
import { createCustomer, createStaff, createTestApp, expectProblem, loginAs, uniqueIp } from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { createSessionsService } from './sessions-service.ts';

const { t } = useTestApp();

const COOKIE = 'bookshop_refresh';

const refresh = (cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/app-rt',
    headers: { 'x-forwarded-for': uniqueIp(), ...(cookie ? { cookie } : {}) },
  });
const logout = (cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: cookie ? { cookie } : {} });
const markerOf = (res: Awaited<ReturnType<typeof refresh>>) =>
  res.cookies.find((c) => c.name === SESSION_MARKER_COOKIE);
const cookieOf = (res: Awaited<ReturnType<typeof refresh>>) => {
  const cookie = res.cookies.find((c) => c.name === COOKIE);
  return cookie && `${COOKIE}=${cookie.value}`;
};

describe('POST /api/v1/users/app-rt', () => {
  it('rotates the cookie and answers the user with a new access token of the same session', async () => {
    const customer = await createCustomer(t, { firstName: 'Rana' });
    const res = await refresh(customer.refreshCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: customer.id,
      personType: PersonType.Customer,
      firstName: 'Rana',
      token: expect.any(String),
    });
    expect(decodeJwt(res.json().token).sid).toBe(decodeJwt(customer.token).sid);

    const next = res.cookies.find((c) => c.name === COOKIE)!;
    expect(next).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/users' });
    expect(`${COOKIE}=${next.value}`).not.toBe(customer.refreshCookie);
    expect((await refresh(`${COOKIE}=${next.value}`)).statusCode).toBe(200);
  });

  it('sets the session marker beside the refresh cookie: readable by scripts, same lifetime, whole site', async () => {
    const customer = await createCustomer(t);
    const res = await refresh(customer.refreshCookie);
    const refreshCookie = res.cookies.find((c) => c.name === COOKIE)!;
    const marker = markerOf(res)!;
    expect(marker).toMatchObject({ value: '1', path: '/', sameSite: 'Strict' });
    expect(marker.httpOnly).toBeFalsy();
    expect(marker.expires).toEqual(refreshCookie.expires);
  });

  it('clears a session marker left without its refresh cookie, so the storefront stops asking', async () => {
    const res = await refresh(`${SESSION_MARKER_COOKIE}=1`);
    expectProblem(res, 401);
    expect(markerOf(res)).toMatchObject({ value: '' });
    expect(markerOf(res)!.expires!.getTime()).toBeLessThan(Date.now());
  });

  it('works for staff too, with role and permissions', async () => {
    const staff = await createStaff(t, RoleName.Supervisor);
    const res = await refresh(staff.refreshCookie);
    expect(res.json()).toMatchObject({ id: staff.id, personType: PersonType.Internal, role: RoleName.Supervisor });
  });

  it('answers 401 (session ended) without a cookie or with an unknown one', async () => {
    for (const cookie of [undefined, `${COOKIE}=not-a-token`, `${COOKIE}=${'A'.repeat(43)}`]) {
      const res = await refresh(cookie);
      expectProblem(res, 401);
      expect(res.json()).toMatchObject({ type: ProblemType.sessionEnded, detail: AuthMessages.sessionEnded });
    }
  });

  it('ends the whole session when a rotated token is presented after its successor was used', async () => {
    const customer = await createCustomer(t);
    const second = cookieOf(await refresh(customer.refreshCookie))!;
    const third = cookieOf(await refresh(second))!;

    const stolen = await refresh(customer.refreshCookie);
    expectProblem(stolen, 401);
    expect(stolen.cookies.find((c) => c.name === COOKIE)?.value).toBe('');
    expect(markerOf(stolen)?.value).toBe('');
    // The legitimate holder is logged out too: the family is revoked.
    expectProblem(await refresh(third), 401);
  });

  it('ends the whole session when a rotated token comes back after the grace period', async () => {
    const customer = await createCustomer(t);
    const second = cookieOf(await refresh(customer.refreshCookie))!;
    await t.db.execute(
      sql`update refresh_tokens set rotated_at = now() - interval '1 minute' where account_id = ${customer.id}`,
    );
    expectProblem(await refresh(customer.refreshCookie), 401);
    expectProblem(await refresh(second), 401);
  });

  it('lets a second tab that refreshed at the same moment through, without a new cookie', async () => {
    const customer = await createCustomer(t);
    const [a, b] = await Promise.all([refresh(customer.refreshCookie), refresh(customer.refreshCookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const cookies = [cookieOf(a), cookieOf(b)].filter(Boolean);
    expect(cookies).toHaveLength(1);
    expect((await refresh(cookies[0])).statusCode).toBe(200);
  });

  it('answers 401 for an expired refresh token', async () => {
    const customer = await createCustomer(t);
    await t.db.execute(
      sql`update refresh_tokens set expires_at = now() - interval '1 second' where account_id = ${customer.id}`,
    );
    expectProblem(await refresh(customer.refreshCookie), 401);
  });

  it('answers 401 once the account is deleted', async () => {
    const customer = await createCustomer(t);
    await t.db.execute(sql`delete from accounts where id = ${customer.id}`);
    expectProblem(await refresh(customer.refreshCookie), 401);
  });
});

describe('POST /api/v1/users/logout', () => {
  it('ends the session and clears the cookie; other browsers stay logged in', async () => {
    const customer = await createCustomer(t);
    const otherBrowser = await loginAs(t, customer);

    const res = await logout(customer.refreshCookie);
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === COOKIE)!;
    expect(cleared.value).toBe('');
    expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
    expect(markerOf(res)).toMatchObject({ value: '', path: '/' });
    expect(markerOf(res)!.expires!.getTime()).toBeLessThan(Date.now());
    expectProblem(await refresh(customer.refreshCookie), 401);
    expect((await refresh(otherBrowser.refreshCookie)).statusCode).toBe(200);
  });

  it('answers 204 without a session', async () => {
    expect((await logout()).statusCode).toBe(204);
    expect((await logout(`${COOKIE}=${'B'.repeat(43)}`)).statusCode).toBe(204);
  });

  it('is what a new login in the same browser does to the previous session', async () => {
    const customer = await createCustomer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customers/login',
      headers: { cookie: customer.refreshCookie, 'x-forwarded-for': uniqueIp() },
      payload: { emailAddress: customer.emailAddress, password: customer.password },
    });
    expect(res.statusCode).toBe(200);
    expectProblem(await refresh(customer.refreshCookie), 401);
    expect((await refresh(cookieOf(res))).statusCode).toBe(200);
  });
});

describe('ending other sessions (password change, account deletion)', () => {
  it('ends every session but the caller’s, or all of them', async () => {
    const sessions = createSessionsService({ db: t.db, accessTokens: t.app.accessTokens, log: t.app.log });
    const customer = await createCustomer(t);
    const laptop = await loginAs(t, customer);
    const phone = await loginAs(t, customer);
    const other = await createCustomer(t);

    await sessions.endSessions(customer.id, { exceptSessionId: decodeJwt(laptop.token).sid as string });
    const stillIn = await refresh(laptop.refreshCookie);
    expect(stillIn.statusCode).toBe(200);
    expectProblem(await refresh(phone.refreshCookie), 401);
    expectProblem(await refresh(customer.refreshCookie), 401);

    await sessions.endSessions(customer.id);
    expectProblem(await refresh(cookieOf(stillIn)), 401);
    expect((await refresh(other.refreshCookie)).statusCode).toBe(200);
  });
});

describe('the refresh cookie over https', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
    try {
      const customer = await createCustomer(secure);
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/v1/customers/login',
        headers: { 'x-forwarded-for': uniqueIp() },
        payload: { emailAddress: customer.emailAddress, password: customer.password },
      });
      expect(res.cookies.find((c) => c.name === COOKIE)).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
      });
      expect(markerOf(res)).toMatchObject({ secure: true, sameSite: 'Strict' });
    } finally {
      await secure.close();
    }
  });
});
