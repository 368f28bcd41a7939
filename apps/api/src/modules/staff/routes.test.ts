import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages, ProblemType } from '@bookshop/contracts/auth';
import { PersonType, RoleName } from '@bookshop/contracts/enums';
import { Messages } from '@bookshop/contracts/messages';
import { Permission, RolePermissions } from '@bookshop/contracts/roles';
import { createPasswordHasher } from '../../platform/password.ts';
import {
  createCustomer,
  createStaff,
  expectProblem,
  expectValidationError,
  loginAs,
  uniqueIp,
  type TestAccount,
} from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { DEMO_ACCOUNTS, ensureAdmin, seedDemoAccounts } from '../auth/admin-accounts-service.ts';

const { t, smtp } = useTestApp({ mail: true, env: { PUBLIC_URL: 'http://shop.test' } });
let admin: TestAccount;

beforeAll(async () => {
  admin = await createStaff(t, RoleName.Admin);
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': uniqueIp(), ...headers } });
const get = (url: string, account?: TestAccount) =>
  t.app.inject({ method: 'GET', url, headers: account?.headers ?? {} });
const patchRole = (id: number | string, role: unknown, account?: TestAccount) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/users/${id}/role`,
    payload: { role },
    headers: account?.headers ?? {},
  });

const registration = (overrides: Record<string, unknown> = {}) => ({
  emailAddress: `staff-${randomBytes(4).toString('hex')}@example.com`,
  userName: `clerk${randomBytes(3).toString('hex')}`,
  password: 'Str0ng-pass',
  confirmPassword: 'Str0ng-pass',
  ...overrides,
});

describe('staff registration and confirmation', () => {
  it('registers a New User, mails an admin confirmation link, and logs in once confirmed', async () => {
    const body = registration();
    const res = await post('/api/v1/users/register', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      emailAddress: body.emailAddress,
      userName: body.userName,
      firstName: null,
      lastName: null,
      imageUrl: null,
      role: RoleName.NewUser,
      permissions: [],
      emailConfirmed: false,
      createdAt: expect.any(String),
    });

    const unconfirmed = await post('/api/v1/users/login', { emailAddress: body.emailAddress, password: body.password });
    expect(unconfirmed.json().type).toBe(ProblemType.emailNotConfirmed);

    const mail = await smtp.nextMail(body.emailAddress);
    const [link] = mail.links;
    expect(link).toMatch(/^http:\/\/shop\.test\/admin\/email-confirmation\?id=/);
    const confirmed = await post(`/api/v1/users/confirm-email/${new URL(link!).searchParams.get('id')}`);
    expect(confirmed.json()).toEqual({ emailAddress: body.emailAddress, alreadyConfirmed: false });

    const login = await post('/api/v1/users/login', { emailAddress: body.emailAddress, password: body.password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      personType: PersonType.Internal,
      role: RoleName.NewUser,
      permissions: [],
      firstName: null,
      lastName: null,
    });
    expect(decodeJwt(login.json().token)).toMatchObject({ personType: 2, role: RoleName.NewUser, permissions: [] });
  });

  it('needs no first or last name', async () => {
    expect((await post('/api/v1/users/register', registration())).statusCode).toBe(201);
  });

  it.each([
    ['emailAddress', 'x@', Messages.invalidEmail],
    ['userName', '', Messages.userNameRequired],
    ['userName', 'abc', Messages.userNameMin],
    ['password', '', Messages.passwordRequired],
    ['password', 'Ab1!', Messages.passwordMin],
    ['password', 'ABCDEFG1!', Messages.passwordLowercase],
    ['password', 'abcdefg1!', Messages.passwordUppercase],
    ['password', 'Abcdefgh!', Messages.passwordNumber],
    ['password', 'Abcdefgh1', Messages.passwordSpecial],
    ['confirmPassword', '', Messages.confirmPasswordRequired],
    ['confirmPassword', 'Different-1', Messages.passwordsDontMatch],
  ])('rejects %s %j with "%s"', async (field, value, message) => {
    expectValidationError(await post('/api/v1/users/register', registration({ [field]: value })), field, message);
  });

  it('refuses a registered staff address and a taken staff user name', async () => {
    const existing = await createStaff(t);
    const res = await post(
      '/api/v1/users/register',
      registration({ emailAddress: existing.emailAddress, userName: existing.userName }),
    );
    expectProblem(res, 409);
    expect(res.json().errors).toEqual({
      emailAddress: [Messages.emailAlreadyRegistered(existing.emailAddress)],
      userName: [AuthMessages.userNameTaken(existing.userName)],
    });
  });

  it('checks staff addresses only', async () => {
    const staff = await createStaff(t);
    const customer = await createCustomer(t);
    expect((await post('/api/v1/users/check-email', { emailAddress: staff.emailAddress })).json()).toBe(true);
    expect((await post('/api/v1/users/check-email', { emailAddress: customer.emailAddress })).json()).toBe(false);
  });

  it('does not log a customer in on the staff endpoint', async () => {
    const customer = await createCustomer(t);
    const res = await post('/api/v1/users/login', { emailAddress: customer.emailAddress, password: customer.password });
    expect(res.json()).toMatchObject({ status: 400, detail: AuthMessages.invalidCredentials });
  });
});

describe('GET /api/v1/users/me', () => {
  it('shows a New User their own account (the waiting page)', async () => {
    const newUser = await createStaff(t, RoleName.NewUser);
    const res = await get('/api/v1/users/me', newUser);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: newUser.id, role: RoleName.NewUser, emailConfirmed: true });
  });

  it('is for staff only', async () => {
    expectProblem(await get('/api/v1/users/me'), 401);
    expectProblem(await get('/api/v1/users/me', await createCustomer(t)), 403);
  });
});

describe('GET /api/v1/users', () => {
  it('lists staff newest first with pagination details', async () => {
    const newer = await createStaff(t, RoleName.Supervisor);
    const res = await get('/api/v1/users?pageNo=1&pageSize=5', admin);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.paginationDetails).toMatchObject({ currentPage: 1, pageSize: 5 });
    expect(page.paginationDetails.noOfRecords).toBeGreaterThanOrEqual(2);
    expect(page.data[0]).toEqual({
      id: newer.id,
      emailAddress: newer.emailAddress,
      userName: newer.userName,
      firstName: null,
      lastName: null,
      imageUrl: null,
      role: RoleName.Supervisor,
      permissions: [...RolePermissions[RoleName.Supervisor]],
      emailConfirmed: true,
      createdAt: expect.any(String),
    });
    expect(page.data.every((member: { role: string }) => member.role !== undefined)).toBe(true);
  });

  it('narrows to one role, and never lists customers', async () => {
    const waiting = await createStaff(t, RoleName.NewUser);
    const customer = await createCustomer(t);
    const page = (await get(`/api/v1/users?role=${encodeURIComponent(RoleName.NewUser)}&pageSize=25`, admin)).json();
    expect(page.data.map((m: { id: number }) => m.id)).toContain(waiting.id);
    expect(page.data.every((m: { role: string }) => m.role === RoleName.NewUser)).toBe(true);
    const all = (await get('/api/v1/users?pageSize=25', admin)).json();
    expect(all.data.map((m: { id: number }) => m.id)).not.toContain(customer.id);
  });

  it('validates the query', async () => {
    expectValidationError(await get('/api/v1/users?role=Boss', admin), 'role');
    expectValidationError(await get('/api/v1/users?pageSize=100', admin), 'pageSize');
  });

  it('is for Admins only', async () => {
    expectProblem(await get('/api/v1/users'), 401);
    expectProblem(await get('/api/v1/users?role=Boss'), 401);
    expectProblem(await get('/api/v1/users', await createCustomer(t)), 403);
    for (const role of [RoleName.NewUser, RoleName.User, RoleName.Supervisor]) {
      expectProblem(await get('/api/v1/users', await createStaff(t, role)), 403);
    }
  });
});

describe('PATCH /api/v1/users/{id}/role', () => {
  it('promotes a New User, who gets the new role and permissions at the next token refresh', async () => {
    const waiting = await createStaff(t, RoleName.NewUser);
    expectProblem(await get('/api/v1/users?pageSize=5', waiting), 403);

    const res = await patchRole(waiting.id, RoleName.User, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: waiting.id,
      role: RoleName.User,
      permissions: [...RolePermissions[RoleName.User]],
    });

    const refreshed = await post('/api/v1/users/app-rt', undefined, { cookie: waiting.refreshCookie });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toMatchObject({
      role: RoleName.User,
      permissions: expect.arrayContaining([Permission.ViewBooks]),
    });
    expect(decodeJwt(refreshed.json().token)).toMatchObject({ role: RoleName.User });
  });

  it('refuses an Admin changing their own role, so an Admin always remains', async () => {
    const res = await patchRole(admin.id, RoleName.User, admin);
    expectProblem(res, 409);
    expect(res.json().detail).toBe(AuthMessages.cannotChangeOwnRole);
  });

  it('answers 404 for an unknown id and for a customer id', async () => {
    expectProblem(await patchRole(999_999, RoleName.User, admin), 404);
    const customer = await createCustomer(t);
    expectProblem(await patchRole(customer.id, RoleName.Admin, admin), 404);
  });

  it('validates the role and the id', async () => {
    const staff = await createStaff(t, RoleName.NewUser);
    const res = await patchRole(staff.id, 'Boss', admin);
    expectValidationError(res, 'role', 'Role must be one of Admin, Supervisor, User, New User.');
    expectValidationError(await patchRole('abc', RoleName.User, admin), 'id');
  });

  it('is for Admins only; a Supervisor cannot promote anyone, not even themselves', async () => {
    const target = await createStaff(t, RoleName.NewUser);
    const supervisor = await createStaff(t, RoleName.Supervisor);
    expectProblem(await patchRole(target.id, RoleName.User), 401);
    // Who may call is decided before the body is read (decision 062): no field rules for strangers.
    expectProblem(await patchRole('abc', 'Boss'), 401);
    expectProblem(await patchRole(target.id, 'Boss', await createCustomer(t)), 403);
    expectProblem(await patchRole(target.id, RoleName.User, await createCustomer(t)), 403);
    expectProblem(await patchRole(target.id, RoleName.User, target), 403);
    expectProblem(await patchRole(supervisor.id, RoleName.Admin, supervisor), 403);
    expect((await get('/api/v1/users/me', target)).json().role).toBe(RoleName.NewUser);
  });
});

describe('create-admin and demo accounts', () => {
  const passwords = createPasswordHasher('low');

  it('creates a confirmed Admin who can log in and manage staff', async () => {
    const emailAddress = `boss-${randomBytes(3).toString('hex')}@example.com`;
    const { created } = await ensureAdmin({ db: t.db, passwords }, { emailAddress, password: 'Boss-pass1!' });
    expect(created).toBe(true);
    const session = await loginAs(t, { personType: PersonType.Internal, emailAddress, password: 'Boss-pass1!' });
    expect(session.user).toMatchObject({ role: RoleName.Admin });
  });

  it('promotes an existing staff account and resets its password', async () => {
    const staff = await createStaff(t, RoleName.NewUser);
    const { created } = await ensureAdmin(
      { db: t.db, passwords },
      { emailAddress: staff.emailAddress, password: 'Fresh-pass1!' },
    );
    expect(created).toBe(false);
    const session = await loginAs(t, {
      personType: PersonType.Internal,
      emailAddress: staff.emailAddress,
      password: 'Fresh-pass1!',
    });
    expect(session.user).toMatchObject({ id: staff.id, role: RoleName.Admin });
  });

  it('seeds the documented demo admin and customer once', async () => {
    expect(await seedDemoAccounts({ db: t.db, passwords })).toEqual([
      DEMO_ACCOUNTS.admin.emailAddress,
      DEMO_ACCOUNTS.customer.emailAddress,
    ]);
    expect(await seedDemoAccounts({ db: t.db, passwords })).toEqual([]);
    const { admin: demoAdmin, customer: demoCustomer } = DEMO_ACCOUNTS;
    expect((await loginAs(t, { personType: PersonType.Internal, ...demoAdmin })).user).toMatchObject({
      role: RoleName.Admin,
    });
    expect((await loginAs(t, { personType: PersonType.Customer, ...demoCustomer })).user).toMatchObject({
      personType: 1,
    });
  });
});
