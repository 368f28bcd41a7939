import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccessTokenClaimsSchema, ACCESS_TOKEN_TTL_SECONDS, AuthMessages } from '@bookshop/contracts/auth';
import { PersonType, RoleName } from '@bookshop/contracts/enums';
import { Permission, RolePermissions } from '@bookshop/contracts/roles';
import {
  createCustomer,
  createStaff,
  createTestApp,
  expectProblem,
  type TestAccount,
  type TestApp,
} from '../test/app.ts';
import {
  requireCustomer,
  requireCustomerOrPermission,
  requireInternal,
  requirePermission,
  requireSignedIn,
  requireStaff,
  userOf,
} from './auth.ts';

let t: TestApp;
let customer: TestAccount;
let newUser: TestAccount;
let user: TestAccount;
let supervisor: TestAccount;
let admin: TestAccount;

const secret = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256');

beforeAll(async () => {
  t = await createTestApp();
  // Routes that exist only in this test, one per guard.
  const echo = (request: Parameters<typeof userOf>[0]) => userOf(request);
  t.app.get('/test/signed-in', { preHandler: [requireSignedIn] }, echo);
  t.app.get('/test/customer', { preHandler: [requireCustomer] }, echo);
  t.app.get('/test/internal', { preHandler: [requireInternal] }, echo);
  t.app.get('/test/staff', { preHandler: [requireStaff] }, echo);
  t.app.get('/test/manage-orders', { preHandler: [requirePermission(Permission.ManageOrders)] }, echo);
  t.app.get('/test/admin', { preHandler: [requirePermission(Permission.ManageStaff)] }, echo);
  t.app.get(
    '/test/customer-or-manage-orders',
    { preHandler: [requireCustomerOrPermission(Permission.ManageOrders)] },
    echo,
  );
  t.app.get('/test/two-guards', { preHandler: [requireSignedIn, requireCustomer] }, echo);
  customer = await createCustomer(t);
  newUser = await createStaff(t, RoleName.NewUser);
  user = await createStaff(t, RoleName.User);
  supervisor = await createStaff(t, RoleName.Supervisor);
  admin = await createStaff(t, RoleName.Admin);
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

describe('access tokens', () => {
  it('carry sub, personType, role, permissions, sid, iat and exp 15 minutes ahead', () => {
    const claims = AccessTokenClaimsSchema.parse(decodeJwt(supervisor.token));
    expect(claims).toMatchObject({
      sub: String(supervisor.id),
      personType: PersonType.Internal,
      role: RoleName.Supervisor,
      permissions: [...RolePermissions[RoleName.Supervisor]],
    });
    expect(claims.exp - claims.iat).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(AccessTokenClaimsSchema.parse(decodeJwt(customer.token))).toMatchObject({
      personType: 1,
      role: null,
      permissions: [],
    });
  });

  it('identify the caller', async () => {
    const res = await get('/test/signed-in', customer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: customer.id, personType: PersonType.Customer, role: null, permissions: [] });
  });

  it('answer 401 with a Bearer challenge when the token is missing', async () => {
    const res = await get('/test/signed-in');
    expectProblem(res, 401, 'Unauthorized');
    expect(res.json().detail).toBe(AuthMessages.signInRequired);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expectProblem(
      await t.app.inject({ url: '/test/signed-in', headers: { authorization: `Basic ${customer.token}` } }),
      401,
    );
  });

  const claims = { personType: 1, role: null, permissions: [], sid: 'session' };

  it.each([
    [
      'expired',
      () =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('1')
          .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
          .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
          .sign(secret),
    ],
    [
      'signed with another secret',
      () =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('1')
          .setIssuedAt()
          .setExpirationTime('15m')
          .sign(new TextEncoder().encode('another-secret-that-is-long-enough-too')),
    ],
    [
      'signed with another algorithm (HS512)',
      () =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS512' })
          .setSubject('1')
          .setIssuedAt()
          .setExpirationTime('15m')
          .sign(new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256test-secret-that-is-long')),
    ],
    [
      'unsigned (alg none)',
      () => new UnsecuredJWT(claims).setSubject('1').setIssuedAt().setExpirationTime('15m').encode(),
    ],
    [
      'without an expiry',
      () => new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setIssuedAt().sign(secret),
    ],
    [
      'of a staff member without a role',
      () =>
        new SignJWT({ ...claims, personType: 2 })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('1')
          .setIssuedAt()
          .setExpirationTime('15m')
          .sign(secret),
    ],
    [
      'tampered (claims changed after signing)',
      () => {
        const [header, , signature] = customer.token.split('.');
        const payload = Buffer.from(
          JSON.stringify({ ...decodeJwt(customer.token), personType: 2, role: 'Admin' }),
        ).toString('base64url');
        return `${header}.${payload}.${signature}`;
      },
    ],
    ['garbage', () => 'not.a.token'],
  ])('are rejected with 401 when %s', async (_case, make) => {
    const res = await get('/test/signed-in', await make());
    expectProblem(res, 401);
    expect(res.json().detail).toBe(AuthMessages.sessionEnded);
  });
});

describe('guards', () => {
  const cases: { url: string; who: 'customer' | 'newUser' | 'user' | 'supervisor' | 'admin'; status: number }[] = [
    { url: '/test/customer', who: 'customer', status: 200 },
    { url: '/test/customer', who: 'user', status: 403 },
    { url: '/test/internal', who: 'customer', status: 403 },
    { url: '/test/internal', who: 'newUser', status: 200 },
    { url: '/test/staff', who: 'customer', status: 403 },
    { url: '/test/staff', who: 'newUser', status: 403 },
    { url: '/test/staff', who: 'user', status: 200 },
    { url: '/test/manage-orders', who: 'user', status: 403 },
    { url: '/test/manage-orders', who: 'supervisor', status: 200 },
    { url: '/test/manage-orders', who: 'admin', status: 200 },
    { url: '/test/admin', who: 'customer', status: 403 },
    { url: '/test/admin', who: 'newUser', status: 403 },
    { url: '/test/admin', who: 'supervisor', status: 403 },
    { url: '/test/admin', who: 'admin', status: 200 },
    { url: '/test/customer-or-manage-orders', who: 'customer', status: 200 },
    { url: '/test/customer-or-manage-orders', who: 'newUser', status: 403 },
    { url: '/test/customer-or-manage-orders', who: 'user', status: 403 },
    { url: '/test/customer-or-manage-orders', who: 'supervisor', status: 200 },
  ];

  it.each(cases)('$url with the token of a $who answers $status', async ({ url, who, status }) => {
    const account = { customer, newUser, user, supervisor, admin }[who];
    const res = await get(url, account.token);
    expect(res.statusCode, res.body).toBe(status);
    if (status === 403) expectProblem(res, 403, 'Forbidden');
  });

  it('tell a New User that the account waits for approval', async () => {
    expect((await get('/test/staff', newUser.token)).json().detail).toBe(AuthMessages.awaitingApproval);
  });

  it('answer 401, not 403, without a token', async () => {
    for (const url of [
      '/test/customer',
      '/test/internal',
      '/test/staff',
      '/test/manage-orders',
      '/test/admin',
      '/test/customer-or-manage-orders',
    ]) {
      expectProblem(await get(url), 401);
    }
  });
});

describe('the account behind a valid token', () => {
  const setAccount = (id: number, changes: SQL) => t.db.execute(sql`update accounts set ${changes} where id = ${id}`);

  it('is refused (401) on every guard once deleted, though the token has not expired', async () => {
    const gone = await createCustomer(t);
    const goneStaff = await createStaff(t, RoleName.Admin);
    await setAccount(gone.id, sql`deleted_at = now()`);
    await setAccount(goneStaff.id, sql`deleted_at = now()`);
    for (const url of ['/test/signed-in', '/test/customer']) {
      const res = await get(url, gone.token);
      expectProblem(res, 401);
      expect(res.json().detail).toBe(AuthMessages.sessionEnded);
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
    for (const url of ['/test/signed-in', '/test/internal', '/test/staff', '/test/manage-orders', '/test/admin'])
      expectProblem(await get(url, goneStaff.token), 401);
  });

  it('is refused (401) when it no longer exists', async () => {
    const token = await t.app.accessTokens.sign({
      id: 2_000_000_000,
      personType: PersonType.Customer,
      role: null,
      sessionId: 'session',
    });
    expectProblem(await get('/test/signed-in', token), 401);
  });

  it('is judged by its current role, not the role in the token', async () => {
    const demoted = await createStaff(t, RoleName.Admin);
    const promoted = await createStaff(t, RoleName.NewUser);
    await setAccount(demoted.id, sql`role = ${RoleName.User}`);
    await setAccount(promoted.id, sql`role = ${RoleName.Supervisor}`);

    expectProblem(await get('/test/admin', demoted.token), 403);
    expectProblem(await get('/test/manage-orders', demoted.token), 403);
    expect((await get('/test/staff', demoted.token)).json()).toMatchObject({
      role: RoleName.User,
      permissions: [...RolePermissions[RoleName.User]],
    });
    expect((await get('/test/manage-orders', promoted.token)).statusCode).toBe(200);
    expectProblem(await get('/test/admin', promoted.token), 403);
  });

  it('is read once per request, however many guards the route has', async () => {
    const lookup = vi.spyOn(t.app, 'accountState');
    try {
      expect((await get('/test/two-guards', customer.token)).statusCode).toBe(200);
      expect(lookup).toHaveBeenCalledTimes(1);
    } finally {
      lookup.mockRestore();
    }
  });
});
