import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages, AVATAR_MAX_BYTES } from '@bookshop/contracts/account';
import { AuthMessages, ProblemType } from '@bookshop/contracts/auth';
import { LoginProvider, PersonType, RoleName } from '@bookshop/contracts/enums';
import { Messages } from '@bookshop/contracts/messages';
import { rows } from '../../platform/db.ts';
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
import { formBody, type Upload } from '../../test/multipart.ts';
import { insertAccount } from '../auth/queries.ts';
import { createSessionsService } from '../auth/sessions-service.ts';

const { t } = useTestApp();
let staff: TestAccount;
let bookId: number;

beforeAll(async () => {
  staff = await createStaff(t, RoleName.Admin);
  bookId = await t.catalogue.createBook({
    title: 'Emma',
    description: 'About Emma',
    isbn: '9780000000001',
    priceFils: 4000,
    discountPercentage: 0,
    stockQuantity: 5,
    nextDayEligible: false,
    authorNames: ['Jane Austen'],
    genreNames: ['Classics'],
    imageKeys: [],
  });
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who?: { headers: object }, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { 'x-forwarded-for': uniqueIp(), ...who?.headers },
    ...(payload !== undefined && { payload }),
  });

const profileOf = async (who: TestAccount) => {
  const res = await call('GET', '/api/v1/customers', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

async function putProfile(who: { headers: object } | undefined, fields: Record<string, string>, ...files: Upload[]) {
  const { payload, contentType } = await formBody(fields, ...files);
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/customers',
    headers: { 'x-forwarded-for': uniqueIp(), 'content-type': contentType, ...who?.headers },
    payload,
  });
}

const profileFields = (overrides: Record<string, string> = {}) => ({
  firstName: 'Layla',
  lastName: 'Haddad',
  userName: `layla${randomBytes(3).toString('hex')}`,
  ianaZone: 'Asia/Dubai',
  type: String(PersonType.Customer),
  ...overrides,
});

const picture = (format: 'png' | 'jpeg' | 'gif' | 'webp', background = '#c0392b') =>
  sharp({ create: { width: 120, height: 80, channels: 3, background } })
    .toFormat(format)
    .toBuffer();

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const avatarFiles = (accountId: number) => {
  const dir = path.join(uploadsDir(), 'avatars', String(accountId));
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};
const avatarUrl = (accountId: number) => new RegExp(`^/images/avatars/${accountId}/avatar-[0-9a-f]+-400\\.webp$`);

const refresh = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/app-rt', headers: { 'x-forwarded-for': uniqueIp(), cookie } });

const login = (emailAddress: string, password: string) =>
  call('POST', '/api/v1/customers/login', undefined, { emailAddress, password });

/** A customer who only signs in with Google: no password, so an access token is issued directly. */
async function createGoogleOnlyCustomer() {
  const unique = randomBytes(4).toString('hex');
  const account = await insertAccount(t.db, {
    personType: PersonType.Customer,
    emailAddress: `google-${unique}@example.com`,
    userName: `google-${unique}`,
    firstName: 'Gia',
    lastName: 'Google',
    loginProvider: LoginProvider.Google,
    googleSubject: `sub-${unique}`,
    imageUrl: 'https://lh3.googleusercontent.com/a/photo',
    passwordHash: null,
    emailConfirmedAt: new Date(),
  });
  // Google sign-in's own session start, without a Google id token.
  const sessions = createSessionsService({ db: t.db, accessTokens: t.app.accessTokens, log: t.app.log });
  const { accessToken } = await sessions.start(account);
  return { ...account, headers: { authorization: `Bearer ${accessToken}` } };
}

describe('who may change an account', () => {
  const routes: [string, Method, string, object][] = [
    ['save the profile', 'PUT', '/api/v1/customers', profileFields()],
    [
      'change the password',
      'PATCH',
      '/api/v1/customers',
      { currentPassword: 'x', password: 'N3w-pass!', confirmPassword: 'N3w-pass!' },
    ],
    ['delete the account', 'DELETE', '/api/v1/customers/account', { password: 'Secret-pass1' }],
  ];

  it.each(routes)('a guest cannot %s (401)', async (_, method, url, payload) => {
    const res = await call(method, url, undefined, payload);
    expectProblem(res, 401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it.each(routes)('staff cannot %s (403)', async (_, method, url, payload) => {
    expectProblem(await call(method, url, staff, payload), 403);
  });

  it('a guest cannot upload an avatar either, and nothing is stored', async () => {
    expectProblem(
      await putProfile(undefined, profileFields(), {
        data: await picture('png'),
        filename: 'a.png',
        type: 'image/png',
      }),
      401,
    );
    expect(existsSync(path.join(uploadsDir(), 'avatars'))).toBe(false);
  });
});

describe('PUT /api/v1/customers', () => {
  it('saves names, user name and time zone, and GET shows them; type is accepted and ignored', async () => {
    const alice = await createCustomer(t);
    const fields = profileFields({
      firstName: '  Maryam ',
      lastName: 'Al Mansoori',
      ianaZone: 'europe/london',
      type: '2',
    });
    const res = await putProfile(alice, fields);
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      id: alice.id,
      emailAddress: alice.emailAddress,
      firstName: 'Maryam',
      lastName: 'Al Mansoori',
      userName: fields.userName,
      ianaZone: 'Europe/London',
      imageUrl: null,
      personType: PersonType.Customer,
      hasPassword: true,
    };
    expect(res.json()).toMatchObject(expected);
    expect(await profileOf(alice)).toEqual(res.json());
  });

  it('takes JSON too when there is no picture, and keeps the time zone when none is sent', async () => {
    const alice = await createCustomer(t);
    await putProfile(alice, profileFields({ ianaZone: 'Asia/Tokyo' }));
    const { ianaZone: _, ...withoutZone } = profileFields({ firstName: 'Noor' });
    const res = await call('PUT', '/api/v1/customers', alice, withoutZone);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Noor', ianaZone: 'Asia/Tokyo' });
  });

  it('changes the preferred language when sent and keeps it when left out; GET shows it', async () => {
    const alice = await createCustomer(t);
    expect((await profileOf(alice)).preferredLanguage).toBe('en');
    const res = await putProfile(alice, profileFields({ preferredLanguage: 'ar' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ preferredLanguage: 'ar' });
    const { ianaZone: _, ...withoutLanguage } = profileFields({ firstName: 'Noor' });
    expect((await call('PUT', '/api/v1/customers', alice, withoutLanguage)).json()).toMatchObject({
      firstName: 'Noor',
      preferredLanguage: 'ar',
    });
    expect(await profileOf(alice)).toMatchObject({ preferredLanguage: 'ar' });
    await call('PUT', '/api/v1/customers', alice, { ...withoutLanguage, preferredLanguage: 'en' });
    expect(await profileOf(alice)).toMatchObject({ preferredLanguage: 'en' });
  });

  it.each([
    ['firstName', '', Messages.firstNameRequired],
    ['firstName', '   ', Messages.firstNameRequired],
    ['firstName', 'A', Messages.firstNameMin],
    ['firstName', 'A'.repeat(51), Messages.firstNameMax],
    ['firstName', 'A'.repeat(10_000), Messages.firstNameMax],
    ['lastName', '', Messages.lastNameRequired],
    ['lastName', 'B', Messages.lastNameMin],
    ['lastName', 'B'.repeat(51), Messages.lastNameMax],
    ['lastName', 'B'.repeat(10_000), Messages.lastNameMax],
    ['userName', '', Messages.userNameRequired],
    ['userName', 'abc', Messages.userNameMin],
    ['userName', 'x'.repeat(51), AuthMessages.userNameMax],
    ['userName', 'x'.repeat(10_000), AuthMessages.userNameMax],
    ['ianaZone', 'Mars/Olympus_Mons', AuthMessages.invalidTimeZone],
    ['preferredLanguage', 'fr', 'Preferred language must be one of en, ar.'],
    ['removeImage', 'perhaps', undefined],
  ])('refuses %s %j with its message, changing nothing', async (field, value, message) => {
    const alice = await createCustomer(t, { firstName: 'Alice' });
    const res = await putProfile(alice, profileFields({ [field]: value }));
    expectValidationError(res, field, message);
    expect(await profileOf(alice)).toMatchObject({ firstName: 'Alice', userName: alice.userName });
  });

  it.each([
    ['firstName', Messages.firstNameRequired],
    ['lastName', Messages.lastNameRequired],
    ['userName', Messages.userNameRequired],
  ])('names a missing %s', async (field, message) => {
    const alice = await createCustomer(t);
    const fields: Record<string, string> = profileFields();
    const { [field]: _, ...rest } = fields;
    expectValidationError(await putProfile(alice, rest), field, message);
  });

  it.each([
    ['png', 'avatar.png', 'image/png'],
    ['jpeg', 'avatar.jpg', 'image/jpeg'],
    ['jpeg', 'avatar.jpeg', 'image/jpeg'],
    ['gif', 'avatar.gif', 'image/gif'],
    ['webp', 'avatar.webp', 'image/webp'],
  ] as const)('stores a %s avatar (%s) as square WebP images and serves it', async (format, filename, type) => {
    const alice = await createCustomer(t);
    const res = await putProfile(alice, profileFields(), { data: await picture(format), filename, type });
    expect(res.statusCode, res.body).toBe(200);
    const { imageUrl } = res.json();
    expect(imageUrl).toMatch(avatarUrl(alice.id));
    expect((await profileOf(alice)).imageUrl).toBe(imageUrl);
    expect(avatarFiles(alice.id)).toHaveLength(3);

    const served = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 400 });
  });

  it.each([
    ['a text file named .png', Buffer.from('just some text, not a picture\n'.repeat(20)), 'notes.png', 'image/png'],
    ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png'],
    ['a truncated PNG', Buffer.from('\x89PNG\r\n\x1a\n' + 'garbage'.repeat(50), 'binary'), 'broken.png', 'image/png'],
    [
      'an SVG',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
      'drawing.png',
      'image/png',
    ],
  ])(
    'refuses %s as the image (400 naming image), keeping the profile and storing nothing',
    async (_, data, filename, type) => {
      const alice = await createCustomer(t, { firstName: 'Alice' });
      const res = await putProfile(alice, profileFields({ firstName: 'Changed' }), { data, filename, type });
      expectValidationError(res, 'image', AccountMessages.imageType);
      expect(await profileOf(alice)).toMatchObject({ firstName: 'Alice', imageUrl: null });
      expect(avatarFiles(alice.id)).toEqual([]);
    },
  );

  it('refuses a picture that is really a BMP or TIFF, whatever it is called', async () => {
    const alice = await createCustomer(t);
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    expectValidationError(
      await putProfile(alice, profileFields(), { data: tiff, filename: 'photo.jpg', type: 'image/jpeg' }),
      'image',
      AccountMessages.imageType,
    );
  });

  it('refuses an image over 5 MB with 413 naming image', async () => {
    const alice = await createCustomer(t);
    const big = Buffer.alloc(AVATAR_MAX_BYTES + 1, 1);
    const res = await putProfile(alice, profileFields(), { data: big, filename: 'big.png', type: 'image/png' });
    expectProblem(res, 413);
    expect(res.json().errors).toEqual({ image: [AccountMessages.imageTooLarge] });
    expect(avatarFiles(alice.id)).toEqual([]);
  });

  it('refuses a second file, and a file in another field', async () => {
    const alice = await createCustomer(t);
    const png = { data: await picture('png'), filename: 'a.png', type: 'image/png' };
    expectValidationError(await putProfile(alice, profileFields(), png, png), 'image', AccountMessages.tooManyParts);
    expectValidationError(
      await putProfile(alice, profileFields(), { ...png, field: 'avatar' }),
      'avatar',
      AccountMessages.unexpectedFile,
    );
    expect(avatarFiles(alice.id)).toEqual([]);
  });

  it('replaces the avatar (removing the old files), keeps it when no image is sent, and removes it on request', async () => {
    const alice = await createCustomer(t);
    const first = await putProfile(alice, profileFields(), {
      data: await picture('png', '#111111'),
      filename: 'a.png',
      type: 'image/png',
    });
    const firstFiles = avatarFiles(alice.id);
    const second = await putProfile(alice, profileFields(), {
      data: await picture('png', '#eeeeee'),
      filename: 'b.png',
      type: 'image/png',
    });
    expect(second.json().imageUrl).not.toBe(first.json().imageUrl);
    expect(avatarFiles(alice.id)).toHaveLength(3);
    expect(avatarFiles(alice.id)).not.toEqual(firstFiles);

    const kept = await putProfile(alice, profileFields({ firstName: 'Kept' }));
    expect(kept.json()).toMatchObject({ firstName: 'Kept', imageUrl: second.json().imageUrl });

    const removed = await putProfile(alice, profileFields({ removeImage: 'true' }));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().imageUrl).toBeNull();
    expect((await profileOf(alice)).imageUrl).toBeNull();
    expect(avatarFiles(alice.id)).toEqual([]);
  });

  it('uploading the same picture again keeps it', async () => {
    const alice = await createCustomer(t);
    const png = { data: await picture('png'), filename: 'a.png', type: 'image/png' };
    const first = await putProfile(alice, profileFields(), png);
    const again = await putProfile(alice, profileFields(), png);
    expect(again.json().imageUrl).toBe(first.json().imageUrl);
    expect(avatarFiles(alice.id)).toHaveLength(3);
  });

  it("refuses another customer's user name in any case (409 on userName) but allows a new case of one's own", async () => {
    const alice = await createCustomer(t);
    const bob = await createCustomer(t);
    const png = { data: await picture('png'), filename: 'a.png', type: 'image/png' };
    const res = await putProfile(alice, profileFields({ userName: bob.userName.toUpperCase() }), png);
    expectProblem(res, 409);
    expect(res.json().errors).toEqual({ userName: [AuthMessages.userNameTaken(bob.userName.toUpperCase())] });
    expect(avatarFiles(alice.id)).toEqual([]);
    expect(await profileOf(alice)).toMatchObject({ userName: alice.userName, imageUrl: null });

    const ownCase = await putProfile(alice, profileFields({ userName: alice.userName.toUpperCase() }));
    expect(ownCase.statusCode, ownCase.body).toBe(200);
    expect(ownCase.json().userName).toBe(alice.userName.toUpperCase());
  });

  it("changes only the caller's profile", async () => {
    const alice = await createCustomer(t);
    const bob = await createCustomer(t, { firstName: 'Bob' });
    await putProfile(alice, profileFields({ firstName: 'Alicia' }), {
      data: await picture('gif'),
      filename: 'a.gif',
      type: 'image/gif',
    });
    expect(await profileOf(bob)).toMatchObject({ firstName: 'Bob', userName: bob.userName, imageUrl: null });
    expect(avatarFiles(bob.id)).toEqual([]);
  });
});

describe('PATCH /api/v1/customers', () => {
  const NEW_PASSWORD = 'Br4nd-new-pass';
  const change = (who: { headers: object }, body: object) => call('PATCH', '/api/v1/customers', who, body);

  it.each([
    ['currentPassword', { currentPassword: undefined }, AccountMessages.currentPasswordRequired],
    ['currentPassword', { currentPassword: '' }, AccountMessages.currentPasswordRequired],
    ['password', { password: '' }, Messages.passwordRequired],
    ['password', { password: undefined }, Messages.passwordRequired],
    ['password', { password: 'Ab1!', confirmPassword: 'Ab1!' }, Messages.passwordMin],
    ['password', { password: 'ABCDEFG1!', confirmPassword: 'ABCDEFG1!' }, Messages.passwordLowercase],
    ['password', { password: 'abcdefg1!', confirmPassword: 'abcdefg1!' }, Messages.passwordUppercase],
    ['password', { password: 'Abcdefgh!', confirmPassword: 'Abcdefgh!' }, Messages.passwordNumber],
    ['password', { password: 'Abcdefgh1', confirmPassword: 'Abcdefgh1' }, Messages.passwordSpecial],
    ['password', { password: `Aa1!${'x'.repeat(10_000)}` }, AuthMessages.passwordMax],
    ['confirmPassword', { confirmPassword: '' }, Messages.confirmPasswordRequired],
    ['confirmPassword', { confirmPassword: 'Other-pass1' }, Messages.passwordsDontMatch],
    ['password', { password: 'Secret-pass1', confirmPassword: 'Secret-pass1' }, AccountMessages.samePassword],
  ])('refuses a bad %s with its message', async (field, overrides, message) => {
    const alice = await createCustomer(t);
    const body = {
      currentPassword: alice.password,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      ...overrides,
    };
    expectValidationError(await change(alice, body), field, message);
    expect((await login(alice.emailAddress, alice.password)).statusCode).toBe(200);
  });

  it('refuses a wrong current password (400 on currentPassword) and keeps the old one', async () => {
    const alice = await createCustomer(t);
    const res = await change(alice, {
      currentPassword: 'Wrong-pass1',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expectValidationError(res, 'currentPassword', AccountMessages.currentPasswordIncorrect);
    expect((await login(alice.emailAddress, alice.password)).statusCode).toBe(200);
    expectProblem(await login(alice.emailAddress, NEW_PASSWORD), 400);
  });

  it('changes the password and ends every other session, keeping the current one', async () => {
    const alice = await createCustomer(t);
    const otherDevice = await loginAs(t, alice);
    const res = await change(alice, {
      currentPassword: alice.password,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: AccountMessages.passwordChanged });

    expectProblem(await refresh(otherDevice.refreshCookie), 401);
    const mine = await refresh(alice.refreshCookie);
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await call('GET', '/api/v1/customers', alice)).statusCode).toBe(200);

    const old = await login(alice.emailAddress, alice.password);
    expectProblem(old, 400, AuthMessages.loginFailedTitle);
    expect((await login(alice.emailAddress, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("does not touch another customer's password or sessions", async () => {
    const alice = await createCustomer(t);
    const bob = await createCustomer(t);
    await change(alice, { currentPassword: alice.password, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect((await refresh(bob.refreshCookie)).statusCode).toBe(200);
    expect((await login(bob.emailAddress, bob.password)).statusCode).toBe(200);
  });

  it('tells a Google-only customer to set a password through the mailed link', async () => {
    const gia = await createGoogleOnlyCustomer();
    const res = await change(gia, {
      currentPassword: 'anything',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expectProblem(res, 400, AccountMessages.noPasswordTitle);
    expect(res.json().detail).toBe(AccountMessages.noPassword);
    expect((await call('GET', '/api/v1/customers', gia)).json()).toMatchObject({ hasPassword: false });
  });

  it('limits password guesses per customer (429)', async () => {
    const alice = await createCustomer(t);
    const guess = () =>
      change(alice, { currentPassword: 'Wrong-pass1', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    for (let i = 0; i < 10; i++) expect((await guess()).statusCode).toBe(400);
    expectProblem(await guess(), 429, Messages.tooManyRequestsTitle);
  });
});

describe('DELETE /api/v1/customers/account', () => {
  const remove = (who: { headers: object }, body?: object) => call('DELETE', '/api/v1/customers/account', who, body);

  /** A customer with something in every part of their account. */
  async function customerWithData() {
    const who = await createCustomer(t);
    await putProfile(who, profileFields({ firstName: 'Full' }), {
      data: await picture('webp'),
      filename: 'me.webp',
      type: 'image/webp',
    });
    expect((await call('POST', '/api/v1/cart', who, { bookId, quantity: 2 })).statusCode).toBe(200);
    expect((await call('POST', '/api/v1/wishlist', who, { bookId })).statusCode).toBeLessThan(300);
    const address = { address: 'Villa 12, Street 5', country: 'AE', city: 'Dubai', phoneNo: '050 123 4567' };
    for (const city of ['Dubai', 'Sharjah']) {
      expect((await call('POST', '/api/v1/customers-addresses', who, { ...address, city })).statusCode).toBe(201);
    }
    return who;
  }

  const dataOf = async (who: TestAccount) => ({
    cart: (await call('GET', '/api/v1/cart', who)).json().items.length,
    wishlist: (await call('GET', '/api/v1/wishlist/books-ids', who)).json().booksIds.length,
    addresses: (await call('GET', '/api/v1/customers-addresses', who)).json().data.length,
    avatarFiles: avatarFiles(who.id).length,
  });

  const rowsOf = async (table: 'cart_items' | 'wishlist_items' | 'customer_addresses', customerId: number) =>
    (
      await rows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where customer_id = ${customerId}`,
      )
    )[0]!.n;

  it('removes personal data, keeps an anonymised row, ends every session and clears the cookie', async () => {
    const alice = await customerWithData();
    const bob = await customerWithData();
    const aliceOtherDevice = await loginAs(t, alice);
    const bobBefore = await dataOf(bob);
    expect(bobBefore).toEqual({ cart: 1, wishlist: 1, addresses: 2, avatarFiles: 3 });
    expect(await dataOf(alice)).toEqual(bobBefore);

    const res = await remove(alice, { password: alice.password });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    const cleared = res.cookies.find((c) => c.name === 'bookshop_refresh');
    expect(cleared).toMatchObject({ value: '', path: '/api/v1/users' });
    expect(cleared!.expires!.getTime()).toBeLessThanOrEqual(Date.now());

    // Gone: cart, wishlist, addresses, avatar files.
    for (const table of ['cart_items', 'wishlist_items', 'customer_addresses'] as const) {
      expect(await rowsOf(table, alice.id)).toBe(0);
    }
    expect(avatarFiles(alice.id)).toEqual([]);

    // The row stays for orders, with nothing that identifies the person.
    const [row] = await rows<Record<string, unknown>>(t.db, sql`select * from accounts where id = ${alice.id}`);
    expect(row).toMatchObject({
      first_name: null,
      last_name: null,
      image_url: null,
      iana_zone: null,
      password_hash: null,
      google_subject: null,
      email_confirmed_at: null,
      person_type: PersonType.Customer,
    });
    expect(row!.deleted_at).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(alice.emailAddress);
    expect(JSON.stringify(row)).not.toContain(alice.userName);
    expect(await rows(t.db, sql`select 1 from account_tokens where account_id = ${alice.id}`)).toEqual([]);

    // Every session ended; the old credentials no longer work; the last access token is refused here.
    expectProblem(await refresh(alice.refreshCookie), 401);
    expectProblem(await refresh(aliceOtherDevice.refreshCookie), 401);
    expectProblem(await login(alice.emailAddress, alice.password), 400, AuthMessages.loginFailedTitle);
    expect((await login(alice.emailAddress, alice.password)).json().type).toBe(ProblemType.invalidCredentials);
    expectProblem(await call('GET', '/api/v1/customers', alice), 401);
    expectProblem(await putProfile(alice, profileFields()), 401);
    expectProblem(await remove(alice, { password: alice.password }), 401);

    // Bob's account is untouched.
    expect(await dataOf(bob)).toEqual(bobBefore);
    expect((await refresh(bob.refreshCookie)).statusCode).toBe(200);
    expect(await profileOf(bob)).toMatchObject({
      firstName: 'Full',
      imageUrl: expect.stringMatching(avatarUrl(bob.id)),
    });
  });

  it('changes nothing when a step fails midway: one transaction covers cart, wishlist, addresses, sessions and the account', async () => {
    const alice = await customerWithData();
    const before = await dataOf(alice);
    // The last database step, anonymising the account row, fails for Alice alone.
    await t.db.execute(sql`create function refuse_deletion() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$`);
    await t.db.execute(sql`create trigger refuse_deletion before update on accounts for each row
      when (new.deleted_at is not null and old.id = ${sql.raw(String(alice.id))}) execute function refuse_deletion()`);
    try {
      expectProblem(await remove(alice, { password: alice.password }), 500);
    } finally {
      await t.db.execute(sql`drop trigger refuse_deletion on accounts`);
      await t.db.execute(sql`drop function refuse_deletion`);
    }

    expect(await dataOf(alice)).toEqual(before);
    expect((await refresh(alice.refreshCookie)).statusCode).toBe(200);
    expect(await profileOf(alice)).toMatchObject({ firstName: 'Full', emailAddress: alice.emailAddress });
    // And the customer can simply try again.
    expect((await remove(alice, { password: alice.password })).statusCode).toBe(204);
    for (const table of ['cart_items', 'wishlist_items', 'customer_addresses'] as const) {
      expect(await rowsOf(table, alice.id)).toBe(0);
    }
  });

  it("refuses the deleted account's still-valid access token on every route (401), so nothing is added", async () => {
    const alice = await createCustomer(t);
    expect((await remove(alice, { password: alice.password })).statusCode).toBe(204);
    const address = { address: 'Villa 12, Street 5', country: 'AE', city: 'Dubai', phoneNo: '050 123 4567' };
    const attempts: [Method, string, object?][] = [
      ['POST', '/api/v1/cart', { bookId, quantity: 1 }],
      ['GET', '/api/v1/cart'],
      ['POST', '/api/v1/wishlist', { bookId }],
      ['GET', '/api/v1/wishlist/books-ids'],
      ['POST', '/api/v1/customers-addresses', address],
      ['GET', '/api/v1/customers-addresses'],
      ['GET', '/api/v1/customers-addresses/delivery-methods'],
      ['GET', '/api/v1/customers'],
      [
        'PATCH',
        '/api/v1/customers',
        { currentPassword: alice.password, password: 'N3w-pass!', confirmPassword: 'N3w-pass!' },
      ],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(method, url, alice, payload);
      expectProblem(res, 401);
      expect(res.json().detail, `${method} ${url}`).toBe(AuthMessages.sessionEnded);
    }
    for (const table of ['cart_items', 'wishlist_items', 'customer_addresses'] as const) {
      expect(await rowsOf(table, alice.id)).toBe(0);
    }
  });

  it('frees the e-mail address and user name for a new registration', async () => {
    const alice = await createCustomer(t);
    expect((await remove(alice, { password: alice.password })).statusCode).toBe(204);
    const checked = await call('POST', '/api/v1/customers/check-email', undefined, {
      emailAddress: alice.emailAddress,
    });
    expect(checked.json()).toBe(false);
    const res = await call('POST', '/api/v1/customers/register', undefined, {
      emailAddress: alice.emailAddress,
      userName: alice.userName,
      firstName: 'Alice',
      lastName: 'Again',
      password: 'Str0ng-pass',
      confirmPassword: 'Str0ng-pass',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().id).not.toBe(alice.id);
  });

  it.each([
    ['no body', undefined, Messages.passwordRequired],
    ['an empty password', { password: '' }, Messages.passwordRequired],
    ['a wrong password', { password: 'Wrong-pass1' }, AccountMessages.passwordIncorrect],
    ['only the confirmation word', { confirm: 'DELETE' }, Messages.passwordRequired],
    ['a 10,000-character password', { password: 'x'.repeat(10_000) }, AuthMessages.passwordMax],
  ])('refuses %s (400 on password) and deletes nothing', async (_, body, message) => {
    const alice = await customerWithData();
    const before = await dataOf(alice);
    expectValidationError(await remove(alice, body), 'password', message);
    expect(await dataOf(alice)).toEqual(before);
    expect((await login(alice.emailAddress, alice.password)).statusCode).toBe(200);
  });

  it('lets a Google-only customer confirm with DELETE instead of a password', async () => {
    const gia = await createGoogleOnlyCustomer();
    expectValidationError(await remove(gia, {}), 'confirm', AccountMessages.confirmDeletion);
    expectValidationError(await remove(gia, { confirm: 'delete me' }), 'confirm', AccountMessages.confirmDeletion);
    expect((await call('GET', '/api/v1/customers', gia)).statusCode).toBe(200);

    expect((await remove(gia, { confirm: 'DELETE' })).statusCode).toBe(204);
    const [row] = await rows<{ google_subject: string | null; email_address: string }>(
      t.db,
      sql`select google_subject, email_address from accounts where id = ${gia.id}`,
    );
    expect(row).toEqual({ google_subject: null, email_address: `deleted-account-${gia.id}` });
  });
});

describe('API docs', () => {
  it('describe the profile form as multipart with a binary image, and the other two bodies', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    const form = paths['/api/v1/customers'].put.requestBody.content['multipart/form-data'].schema;
    expect(form.properties.image).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.required).toEqual(expect.arrayContaining(['firstName', 'lastName', 'userName']));
    expect(paths['/api/v1/customers'].patch.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['currentPassword', 'password', 'confirmPassword']),
    );
    expect(paths['/api/v1/customers/account'].delete.responses).toHaveProperty('204');
  });
});
