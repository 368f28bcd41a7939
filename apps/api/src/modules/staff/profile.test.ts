import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AccountMessages } from '@bookshop/contracts/account';
import { AuthMessages, StaffMemberSchema } from '@bookshop/contracts/auth';
import { RoleName } from '@bookshop/contracts/enums';
import { Messages } from '@bookshop/contracts/messages';
import { permissionsOf } from '@bookshop/contracts/roles';
import {
  createCustomer,
  createStaff,
  expectProblem,
  expectValidationError,
  loginAs,
  uniqueIp,
  type Method,
  type TestAccount,
} from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { formBody, type Upload } from '../../test/multipart.ts';

const { t } = useTestApp();

const call = (method: Method, url: string, who?: { headers: object }, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { 'x-forwarded-for': uniqueIp(), ...who?.headers },
    ...(payload !== undefined && { payload }),
  });

async function putProfile(who: { headers: object } | undefined, fields: Record<string, string>, ...files: Upload[]) {
  const { payload, contentType } = await formBody(fields, ...files);
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/users',
    headers: { 'x-forwarded-for': uniqueIp(), 'content-type': contentType, ...who?.headers },
    payload,
  });
}

const me = async (who: TestAccount) => {
  const res = await call('GET', '/api/v1/users/me', who);
  expect(res.statusCode, res.body).toBe(200);
  return StaffMemberSchema.parse(res.json());
};

const profileFields = (overrides: Record<string, string> = {}) => ({
  firstName: 'Samira',
  lastName: 'Haddad',
  userName: `samira${randomBytes(3).toString('hex')}`,
  ...overrides,
});

const picture = (format: 'png' | 'jpeg' | 'gif' | 'webp', background = '#2e86c1') =>
  sharp({ create: { width: 90, height: 120, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
const png = async (background?: string): Promise<Upload> => ({
  data: await picture('png', background),
  filename: 'me.png',
  type: 'image/png',
});

const avatarFiles = (accountId: number) => {
  const dir = path.join(t.config.dataDir, 'uploads', 'avatars', String(accountId));
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};
const avatarUrl = (accountId: number) => new RegExp(`^/images/avatars/${accountId}/avatar-[0-9a-f]+-400\\.webp$`);

const refresh = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/app-rt', headers: { 'x-forwarded-for': uniqueIp(), cookie } });
const login = (emailAddress: string, password: string) =>
  call('POST', '/api/v1/users/login', undefined, { emailAddress, password });

const NEW_PASSWORD = 'Br4nd-new-pass';
const changePassword = (who: { headers: object }, body: object) => call('PATCH', '/api/v1/users', who, body);

describe('who may change a staff profile', () => {
  const routes: [string, Method, object][] = [
    ['save the profile', 'PUT', profileFields()],
    ['change the password', 'PATCH', { currentPassword: 'x', password: 'N3w-pass!', confirmPassword: 'N3w-pass!' }],
  ];

  it.each(routes)('a guest cannot %s (401)', async (_, method, payload) => {
    const res = await call(method, '/api/v1/users', undefined, payload);
    expectProblem(res, 401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it.each(routes)('a customer cannot %s (403), and their account is untouched', async (_, method, payload) => {
    const customer = await createCustomer(t, { firstName: 'Carla' });
    expectProblem(await call(method, '/api/v1/users', customer, payload), 403);
    const profile = await call('GET', '/api/v1/customers', customer);
    expect(profile.json()).toMatchObject({ firstName: 'Carla', userName: customer.userName });
  });

  it('a customer cannot upload an avatar here either, and nothing is stored', async () => {
    const customer = await createCustomer(t);
    expectProblem(await putProfile(customer, profileFields(), await png()), 403);
    expect(avatarFiles(customer.id)).toEqual([]);
  });

  it.each(Object.values(RoleName))('a staff member with the role %s saves their own profile', async (role) => {
    const member = await createStaff(t, role);
    const res = await putProfile(member, profileFields({ firstName: 'Role' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: member.id, firstName: 'Role', role, permissions: permissionsOf(role) });
  });
});

describe('PUT /api/v1/users', () => {
  it('saves names and user name, answers the StaffMember, and /me and the next token refresh show them', async () => {
    const sam = await createStaff(t, RoleName.Supervisor);
    const fields = profileFields({ firstName: '  Samira ', lastName: 'Al Mansoori' });
    const res = await putProfile(sam, fields);
    expect(res.statusCode, res.body).toBe(200);
    const saved = StaffMemberSchema.parse(res.json());
    expect(saved).toMatchObject({
      id: sam.id,
      emailAddress: sam.emailAddress,
      firstName: 'Samira',
      lastName: 'Al Mansoori',
      userName: fields.userName,
      imageUrl: null,
      role: RoleName.Supervisor,
      emailConfirmed: true,
    });
    expect(await me(sam)).toEqual(saved);
    // The admin header reads the logged-in user from the refresh answer.
    const refreshed = await refresh(sam.refreshCookie);
    expect(refreshed.json()).toMatchObject({
      userName: fields.userName,
      firstName: 'Samira',
      role: RoleName.Supervisor,
    });
  });

  it('takes JSON too when there is no picture, and ignores the customer-only fields', async () => {
    const sam = await createStaff(t);
    const res = await call('PUT', '/api/v1/users', sam, {
      ...profileFields({ firstName: 'Noor' }),
      ianaZone: 'Asia/Tokyo',
      type: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Noor', role: RoleName.User });
    expect(res.json()).not.toHaveProperty('ianaZone');
  });

  it.each([
    ['firstName', '', Messages.firstNameRequired],
    ['firstName', '   ', Messages.firstNameRequired],
    ['firstName', 'A', Messages.firstNameMin],
    ['firstName', 'A'.repeat(51), Messages.firstNameMax],
    ['lastName', '', Messages.lastNameRequired],
    ['lastName', 'B', Messages.lastNameMin],
    ['lastName', 'B'.repeat(51), Messages.lastNameMax],
    ['userName', '', Messages.userNameRequired],
    ['userName', 'abc', Messages.userNameMin],
    ['userName', 'x'.repeat(51), AuthMessages.userNameMax],
    ['removeImage', 'perhaps', undefined],
  ])('refuses %s %j with its message, changing nothing', async (field, value, message) => {
    const sam = await createStaff(t);
    await putProfile(sam, profileFields({ firstName: 'Before', userName: `before-${sam.id}` }));
    const res = await putProfile(sam, profileFields({ [field]: value }));
    expectValidationError(res, field, message);
    expect(await me(sam)).toMatchObject({ firstName: 'Before', userName: `before-${sam.id}` });
  });

  it('names every missing field at once', async () => {
    const sam = await createStaff(t);
    const res = await putProfile(sam, {});
    expectValidationError(res, 'firstName', Messages.firstNameRequired);
    expectValidationError(res, 'lastName', Messages.lastNameRequired);
    expectValidationError(res, 'userName', Messages.userNameRequired);
  });

  it("refuses another staff member's user name in any case (409, the customers' message), allows a new case of one's own", async () => {
    const sam = await createStaff(t);
    const other = await createStaff(t);
    const taken = other.userName.toUpperCase();
    const res = await putProfile(sam, profileFields({ userName: taken }), await png());
    expectProblem(res, 409);
    expect(res.json().errors).toEqual({ userName: [AuthMessages.userNameTaken(taken)] });
    expect(avatarFiles(sam.id)).toEqual([]);
    expect(await me(sam)).toMatchObject({ userName: sam.userName, imageUrl: null });

    const ownCase = await putProfile(sam, profileFields({ userName: sam.userName.toUpperCase() }));
    expect(ownCase.statusCode, ownCase.body).toBe(200);
    expect(ownCase.json().userName).toBe(sam.userName.toUpperCase());
  });

  it("may use a customer's user name: user names are unique per person type, as at registration", async () => {
    const sam = await createStaff(t);
    const customer = await createCustomer(t);
    const res = await putProfile(sam, profileFields({ userName: customer.userName }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('stores the avatar as square WebP images, replaces it (old files gone), keeps it, and removes it on request', async () => {
    const sam = await createStaff(t, RoleName.Admin);
    const first = await putProfile(sam, profileFields(), await png('#111111'));
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl: string = first.json().imageUrl;
    expect(firstUrl).toMatch(avatarUrl(sam.id));
    const firstFiles = avatarFiles(sam.id);
    expect(firstFiles).toHaveLength(3);
    const served = await t.app.inject({ method: 'GET', url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });

    const second = await putProfile(sam, profileFields(), {
      data: await picture('jpeg', '#eeeeee'),
      filename: 'me.jpg',
      type: 'image/jpeg',
    });
    const secondUrl: string = second.json().imageUrl;
    expect(secondUrl).toMatch(avatarUrl(sam.id));
    expect(secondUrl).not.toBe(firstUrl);
    expect(avatarFiles(sam.id)).toHaveLength(3);
    expect(avatarFiles(sam.id).some((file) => firstFiles.includes(file))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
    expect((await refresh(sam.refreshCookie)).json().imageUrl).toBe(secondUrl);

    const kept = await putProfile(sam, profileFields({ firstName: 'Kept' }));
    expect(kept.json()).toMatchObject({ firstName: 'Kept', imageUrl: secondUrl });

    const removed = await putProfile(sam, profileFields({ removeImage: 'true' }));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().imageUrl).toBeNull();
    expect((await me(sam)).imageUrl).toBeNull();
    expect(avatarFiles(sam.id)).toEqual([]);
  });

  it.each([
    ['a text file named .png', Buffer.from('not a picture\n'.repeat(20)), 'notes.png', 'image/png'],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><rect width="9" height="9"/></svg>'),
      'drawing.png',
      'image/png',
    ],
  ])(
    'refuses %s as the image (400 naming image), keeping the profile and storing nothing',
    async (_, data, filename, type) => {
      const sam = await createStaff(t);
      const res = await putProfile(sam, profileFields({ firstName: 'Changed' }), { data, filename, type });
      expectValidationError(res, 'image', AccountMessages.imageType);
      expect(await me(sam)).toMatchObject({ firstName: null, imageUrl: null });
      expect(avatarFiles(sam.id)).toEqual([]);
    },
  );

  it("changes only the caller's profile", async () => {
    const sam = await createStaff(t);
    const other = await createStaff(t);
    await putProfile(sam, profileFields({ firstName: 'Samira' }), await png());
    expect(await me(other)).toMatchObject({ firstName: null, userName: other.userName, imageUrl: null });
    expect(avatarFiles(other.id)).toEqual([]);
  });
});

describe('PATCH /api/v1/users', () => {
  it.each([
    ['currentPassword', { currentPassword: '' }, AccountMessages.currentPasswordRequired],
    ['password', { password: 'Ab1!', confirmPassword: 'Ab1!' }, Messages.passwordMin],
    ['password', { password: 'abcdefg1!', confirmPassword: 'abcdefg1!' }, Messages.passwordUppercase],
    ['confirmPassword', { confirmPassword: 'Other-pass1' }, Messages.passwordsDontMatch],
    ['password', { password: 'Secret-pass1', confirmPassword: 'Secret-pass1' }, AccountMessages.samePassword],
  ])('refuses a bad %s with its message', async (field, overrides, message) => {
    const sam = await createStaff(t);
    const body = { currentPassword: sam.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, ...overrides };
    expectValidationError(await changePassword(sam, body), field, message);
    expect((await login(sam.emailAddress, sam.password)).statusCode).toBe(200);
  });

  it('refuses a wrong current password (400 on currentPassword) and keeps the old one', async () => {
    const sam = await createStaff(t);
    const res = await changePassword(sam, {
      currentPassword: 'Wrong-pass1',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expectValidationError(res, 'currentPassword', AccountMessages.currentPasswordIncorrect);
    expect((await login(sam.emailAddress, sam.password)).statusCode).toBe(200);
    expectProblem(await login(sam.emailAddress, NEW_PASSWORD), 400);
  });

  it('changes the password and ends every other session, keeping the current one', async () => {
    const sam = await createStaff(t, RoleName.Admin);
    const otherDevice = await loginAs(t, sam);
    const res = await changePassword(sam, {
      currentPassword: sam.password,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: AccountMessages.passwordChanged });

    expectProblem(await refresh(otherDevice.refreshCookie), 401);
    expect((await refresh(sam.refreshCookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/users/me', sam)).statusCode).toBe(200);
    expectProblem(await login(sam.emailAddress, sam.password), 400, AuthMessages.loginFailedTitle);
    expect((await login(sam.emailAddress, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("does not touch another staff member's password or sessions", async () => {
    const sam = await createStaff(t);
    const other = await createStaff(t);
    await changePassword(sam, { currentPassword: sam.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect((await refresh(other.refreshCookie)).statusCode).toBe(200);
    expect((await login(other.emailAddress, other.password)).statusCode).toBe(200);
  });
});

describe('API docs', () => {
  it('describe the staff profile form as multipart with a binary image, answering the StaffMember', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    const put = paths['/api/v1/users'].put;
    expect(put.requestBody.content['multipart/form-data'].schema.properties.image).toMatchObject({ format: 'binary' });
    expect(put.responses['200'].content['application/json'].schema.properties).toHaveProperty('role');
    expect(paths['/api/v1/users'].patch.requestBody.content['application/json'].schema.required).toContain(
      'currentPassword',
    );
  });
});
