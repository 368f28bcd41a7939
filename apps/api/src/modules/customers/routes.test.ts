import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { AccessTokenClaimsSchema, AuthMessages, ProblemType } from '@bookshop/contracts/auth';
import { PersonType, RoleName } from '@bookshop/contracts/enums';
import { Messages } from '@bookshop/contracts/messages';
import { rows } from '../../platform/db.ts';
import { createCustomer, createStaff, expectProblem, expectValidationError, uniqueIp } from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const { t, smtp } = useTestApp({ mail: true, env: { PUBLIC_URL: 'http://shop.test' } });

/** Each call comes from its own address, like separate visitors. */
const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': uniqueIp(), ...headers } });

const newEmail = () => `reader-${randomBytes(4).toString('hex')}@example.com`;
const registration = (overrides: Record<string, unknown> = {}) => ({
  emailAddress: newEmail(),
  userName: `reader${randomBytes(3).toString('hex')}`,
  firstName: 'Layla',
  lastName: 'Haddad',
  password: 'Str0ng-pass',
  confirmPassword: 'Str0ng-pass',
  ...overrides,
});

const idFromLink = (link: string) => new URL(link).searchParams.get('id')!;

async function registerAndReceive(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const res = await post('/api/v1/customers/register', body);
  expect(res.statusCode, res.body).toBe(201);
  const mail = await smtp.nextMail(body.emailAddress);
  return { body, res, mail };
}

const queuedMailsTo = async (email: string) =>
  Number(
    (
      await rows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from jobs where kind = 'mail' and payload->>'to' = ${email}`,
      )
    )[0]!.n,
  );

describe('POST /api/v1/customers/register', () => {
  it('creates an unconfirmed customer and mails a confirmation link', async () => {
    const { body, res, mail } = await registerAndReceive({ ianaZone: 'Asia/Dubai' });
    expect(res.json()).toEqual({
      id: expect.any(Number),
      emailAddress: body.emailAddress,
      userName: body.userName,
      firstName: 'Layla',
      lastName: 'Haddad',
      imageUrl: null,
      ianaZone: 'Asia/Dubai',
      personType: PersonType.Customer,
      loginProvider: 1,
      emailConfirmed: false,
      hasPassword: true,
      googleLinked: false,
      preferredLanguage: 'en',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.text).toContain(`Hello ${body.firstName},`);
    expect(mail.links).toEqual([
      expect.stringMatching(/^http:\/\/shop\.test\/email-confirmation\?id=[A-Za-z0-9_-]{43}$/),
    ]);
    expect(mail.html).toContain('href="http://shop.test/email-confirmation?id=');
  });

  it('trims names and keeps the e-mail address as typed', async () => {
    const { res } = await registerAndReceive({
      firstName: '  Omar ',
      lastName: ' Aziz  ',
      emailAddress: `Mixed.Case-${randomBytes(3).toString('hex')}@Example.com`,
    });
    expect(res.json()).toMatchObject({
      firstName: 'Omar',
      lastName: 'Aziz',
      emailAddress: expect.stringMatching(/^Mixed\.Case-/),
    });
  });

  it.each([
    ['emailAddress', 'not-an-email', Messages.invalidEmail],
    ['emailAddress', 'with space@example.com', Messages.invalidEmail],
    ['emailAddress', '', Messages.invalidEmail],
    ['emailAddress', undefined, Messages.invalidEmail],
    ['emailAddress', `${'a'.repeat(64)}@${Array(4).fill('b'.repeat(60)).join('.')}.com`, AuthMessages.emailMax],
    ['userName', '', Messages.userNameRequired],
    ['userName', '   ', Messages.userNameRequired],
    ['userName', undefined, Messages.userNameRequired],
    ['userName', 'abc', Messages.userNameMin],
    ['userName', 'x'.repeat(51), AuthMessages.userNameMax],
    ['firstName', '', Messages.firstNameRequired],
    ['firstName', undefined, Messages.firstNameRequired],
    ['firstName', 'A', Messages.firstNameMin],
    ['firstName', 'A'.repeat(51), Messages.firstNameMax],
    ['lastName', '', Messages.lastNameRequired],
    ['lastName', undefined, Messages.lastNameRequired],
    ['lastName', 'B', Messages.lastNameMin],
    ['lastName', 'B'.repeat(51), Messages.lastNameMax],
    ['password', '', Messages.passwordRequired],
    ['password', undefined, Messages.passwordRequired],
    ['password', 'Ab1!', Messages.passwordMin],
    ['password', 'ABCDEFG1!', Messages.passwordLowercase],
    ['password', 'abcdefg1!', Messages.passwordUppercase],
    ['password', 'Abcdefgh!', Messages.passwordNumber],
    ['password', 'Abcdefgh1', Messages.passwordSpecial],
    ['password', `Aa1!${'x'.repeat(125)}`, AuthMessages.passwordMax],
    ['confirmPassword', '', Messages.confirmPasswordRequired],
    ['confirmPassword', undefined, Messages.confirmPasswordRequired],
    ['confirmPassword', 'Str0ng-pass-other', Messages.passwordsDontMatch],
    ['ianaZone', 'Mars/Olympus', AuthMessages.invalidTimeZone],
  ])('rejects %s %j with "%s"', async (field, value, message) => {
    const res = await post('/api/v1/customers/register', registration({ [field]: value }));
    expectValidationError(res, field, message);
    expect(res.json().title).toBe('Validation Failed');
  });

  it('shows only the "required" message for an empty field', async () => {
    const res = await post('/api/v1/customers/register', registration({ userName: '', firstName: '', password: '' }));
    const { errors } = res.json();
    expect(errors.userName).toEqual([Messages.userNameRequired]);
    expect(errors.firstName).toEqual([Messages.firstNameRequired]);
    expect(errors.password).toEqual([Messages.passwordRequired]);
  });

  it('lists every broken password rule at once', async () => {
    const res = await post('/api/v1/customers/register', registration({ password: 'abc', confirmPassword: 'abc' }));
    expect(res.json().errors.password).toEqual([
      Messages.passwordMin,
      Messages.passwordUppercase,
      Messages.passwordNumber,
      Messages.passwordSpecial,
    ]);
  });

  it('says the passwords do not match even while another field is invalid', async () => {
    const res = await post(
      '/api/v1/customers/register',
      registration({ firstName: '', confirmPassword: 'Other-pass1' }),
    );
    expectValidationError(res, 'confirmPassword', Messages.passwordsDontMatch);
    expectValidationError(res, 'firstName', Messages.firstNameRequired);
  });

  it('accepts an underscore as the special character', async () => {
    const res = await post(
      '/api/v1/customers/register',
      registration({ password: 'Abcdefg_1', confirmPassword: 'Abcdefg_1' }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a registered e-mail address, in any letter case, with the spec message', async () => {
    const { body } = await registerAndReceive();
    const again = body.emailAddress.toUpperCase();
    const res = await post('/api/v1/customers/register', registration({ emailAddress: again }));
    expectProblem(res, 409, 'Already Registered');
    expect(res.json().errors).toEqual({ emailAddress: [Messages.emailAlreadyRegistered(again)] });
  });

  it('refuses a taken user name, in any letter case', async () => {
    const { body } = await registerAndReceive();
    const res = await post('/api/v1/customers/register', registration({ userName: body.userName.toUpperCase() }));
    expectProblem(res, 409);
    expect(res.json().errors).toEqual({ userName: [AuthMessages.userNameTaken(body.userName.toUpperCase())] });
  });

  it('lets a staff member register as a customer with the same address', async () => {
    const staff = await createStaff(t, RoleName.User);
    const res = await post(
      '/api/v1/customers/register',
      registration({ emailAddress: staff.emailAddress, userName: staff.userName }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe("a new customer's preferred language (decision 094)", () => {
  const registerWith = async (overrides: Record<string, unknown>, headers: Record<string, string>) => {
    const body = registration(overrides);
    const res = await post('/api/v1/customers/register', body, headers);
    expect(res.statusCode, res.body).toBe(201);
    return { body, profile: res.json<{ preferredLanguage: string }>() };
  };

  it('is Arabic when registered from an Arabic page, and the confirmation mail is in Arabic', async () => {
    const { body, profile } = await registerWith({}, { 'accept-language': 'ar' });
    expect(profile.preferredLanguage).toBe('ar');
    const mail = await smtp.nextMail(body.emailAddress);
    expect(mail.subject).toBe('أكِّد عنوان بريدك الإلكتروني');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.text).toContain(`مرحبًا ${body.firstName}،`);
    expect(mail.links).toEqual([
      expect.stringMatching(/^http:\/\/shop\.test\/ar\/email-confirmation\?id=[A-Za-z0-9_-]{43}$/),
    ]);
  });

  it.each([
    ['ar-AE,ar;q=0.9,en;q=0.8', undefined, 'ar'],
    ['en', undefined, 'en'],
    [undefined, undefined, 'en'],
    // The Google callback and other English pages: the language switch's cookie decides.
    ['en', 'lang=ar', 'ar'],
    [undefined, 'lang=ar', 'ar'],
    ['ar', 'lang=en', 'ar'],
    ['fr-FR', 'lang=fr', 'en'],
  ])('Accept-Language %j with cookie %j gives %s', async (language, cookie, expected) => {
    const headers = { ...(language && { 'accept-language': language }), ...(cookie && { cookie }) };
    const { profile } = await registerWith({}, headers);
    expect(profile.preferredLanguage).toBe(expected);
  });

  it('takes the language the body names over the request', async () => {
    const english = await registerWith({ preferredLanguage: 'en' }, { 'accept-language': 'ar', cookie: 'lang=ar' });
    expect(english.profile.preferredLanguage).toBe('en');
    expect((await smtp.nextMail(english.body.emailAddress)).subject).toBe('Confirm your email address');
    const arabic = await registerWith({ preferredLanguage: 'ar' }, { 'accept-language': 'en' });
    expect(arabic.profile.preferredLanguage).toBe('ar');
  });

  it('refuses a language the shop does not write in (400 on preferredLanguage) and registers nobody', async () => {
    const body = registration({ preferredLanguage: 'fr' });
    const res = await post('/api/v1/customers/register', body);
    expectValidationError(res, 'preferredLanguage', 'Preferred language must be one of en, ar.');
    expect(await queuedMailsTo(body.emailAddress)).toBe(0);
  });

  it('gives staff none: their profile has no preferredLanguage and their mail stays English', async () => {
    const emailAddress = newEmail();
    const res = await post(
      '/api/v1/users/register',
      {
        emailAddress,
        userName: `staff${randomBytes(3).toString('hex')}`,
        password: 'Str0ng-pass',
        confirmPassword: 'Str0ng-pass',
      },
      { 'accept-language': 'ar', cookie: 'lang=ar' },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).not.toHaveProperty('preferredLanguage');
    const mail = await smtp.nextMail(emailAddress);
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.links[0]).toMatch(/^http:\/\/shop\.test\/admin\//);
  });
});

describe('POST /api/v1/customers/check-email', () => {
  it('answers true for a registered address in any case, false otherwise', async () => {
    const customer = await createCustomer(t);
    const check = async (emailAddress: string) =>
      (await post('/api/v1/customers/check-email', { emailAddress })).json();
    expect(await check(customer.emailAddress)).toBe(true);
    expect(await check(customer.emailAddress.toUpperCase())).toBe(true);
    expect(await check(newEmail())).toBe(false);
  });

  it('does not count staff addresses as customers', async () => {
    const staff = await createStaff(t);
    expect((await post('/api/v1/customers/check-email', { emailAddress: staff.emailAddress })).json()).toBe(false);
  });

  it('rejects a malformed address', async () => {
    expectValidationError(
      await post('/api/v1/customers/check-email', { emailAddress: 'nope' }),
      'emailAddress',
      Messages.invalidEmail,
    );
  });
});

describe('confirming the e-mail address', () => {
  it('follows the mailed link: confirmed; opened again, it says the address is already confirmed', async () => {
    const { body, mail } = await registerAndReceive();
    const id = idFromLink(mail.links[0]!);
    const res = await post(`/api/v1/customers/confirm-email/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ emailAddress: body.emailAddress, alreadyConfirmed: false });

    const again = await post(`/api/v1/customers/confirm-email/${id}`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ emailAddress: body.emailAddress, alreadyConfirmed: true });

    // Still so once the link has expired.
    await t.db.execute(sql`update account_tokens set expires_at = now() - interval '1 second'`);
    expect((await post(`/api/v1/customers/confirm-email/${id}`)).json()).toEqual({
      emailAddress: body.emailAddress,
      alreadyConfirmed: true,
    });
  });

  it('spends the link of an unconfirmed account once it is used, and never confirms with a spent one', async () => {
    const { body, mail } = await registerAndReceive();
    const id = idFromLink(mail.links[0]!);
    expect((await post(`/api/v1/customers/confirm-email/${id}`)).statusCode).toBe(200);
    // The address became unconfirmed again (as after an address change): the spent link does not confirm it.
    await t.db.execute(
      sql`update accounts set email_confirmed_at = null where lower(email_address) = lower(${body.emailAddress})`,
    );
    const again = await post(`/api/v1/customers/confirm-email/${id}`);
    expectProblem(again, 400, AuthMessages.invalidLinkTitle);
    expect(again.json()).toMatchObject({ type: ProblemType.invalidLink, detail: AuthMessages.confirmationLinkInvalid });
  });

  it('refuses unknown and malformed ids', async () => {
    expectProblem(await post(`/api/v1/customers/confirm-email/${randomBytes(32).toString('base64url')}`), 400);
    expectProblem(await post('/api/v1/customers/confirm-email/short'), 400);
  });

  it('refuses an expired link (older than 24 hours)', async () => {
    const { mail } = await registerAndReceive();
    await t.db.execute(
      sql`update account_tokens set expires_at = now() - interval '1 second' where purpose = 'confirm-email'`,
    );
    expectProblem(await post(`/api/v1/customers/confirm-email/${idFromLink(mail.links[0]!)}`), 400);
  });

  it('does not accept a staff link, and leaves it usable on the staff endpoint', async () => {
    const email = newEmail();
    const res = await post('/api/v1/users/register', {
      emailAddress: email,
      userName: `staff${randomBytes(3).toString('hex')}`,
      password: 'Str0ng-pass',
      confirmPassword: 'Str0ng-pass',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = idFromLink((await smtp.nextMail(email)).links[0]!);
    expectProblem(await post(`/api/v1/customers/confirm-email/${id}`), 400);
    expect((await post(`/api/v1/users/confirm-email/${id}`)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/customers/resend-confirmation', () => {
  it('mails a new working link to an unconfirmed customer', async () => {
    const { body } = await registerAndReceive();
    const res = await post('/api/v1/customers/resend-confirmation', { emailAddress: body.emailAddress });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: AuthMessages.confirmationSent });
    const mail = await smtp.nextMail(body.emailAddress);
    expect((await post(`/api/v1/customers/confirm-email/${idFromLink(mail.links[0]!)}`)).statusCode).toBe(200);
  });

  it('answers the same for unknown and confirmed addresses, and sends nothing', async () => {
    const customer = await createCustomer(t);
    const unknown = newEmail();
    for (const emailAddress of [unknown, customer.emailAddress]) {
      const res = await post('/api/v1/customers/resend-confirmation', { emailAddress });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: AuthMessages.confirmationSent });
      expect(await queuedMailsTo(emailAddress)).toBe(0);
    }
  });
});

describe('POST /api/v1/customers/login', () => {
  it('answers the logged-in user with an access token and sets the refresh cookie', async () => {
    const customer = await createCustomer(t, { firstName: 'Mira', lastName: 'Stone' });
    const res = await post('/api/v1/customers/login', {
      emailAddress: customer.emailAddress,
      password: customer.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json();
    expect(user).toEqual({
      id: customer.id,
      emailAddress: customer.emailAddress,
      userName: customer.userName,
      firstName: 'Mira',
      lastName: 'Stone',
      imageUrl: null,
      personType: PersonType.Customer,
      loginProvider: 1,
      role: null,
      permissions: [],
      token: expect.any(String),
    });
    expect(AccessTokenClaimsSchema.parse(decodeJwt(user.token))).toMatchObject({
      sub: String(customer.id),
      personType: 1,
      role: null,
    });

    const cookie = res.cookies.find((c) => c.name === 'bookshop_refresh')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/users' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.expires!.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it('accepts the address in another letter case', async () => {
    const customer = await createCustomer(t);
    const res = await post('/api/v1/customers/login', {
      emailAddress: customer.emailAddress.toUpperCase(),
      password: customer.password,
    });
    expect(res.statusCode).toBe(200);
  });

  it('gives one generic answer for a wrong password and an unknown address', async () => {
    const customer = await createCustomer(t);
    const wrongPassword = await post('/api/v1/customers/login', {
      emailAddress: customer.emailAddress,
      password: 'Wrong-pass1',
    });
    const unknown = await post('/api/v1/customers/login', { emailAddress: newEmail(), password: 'Wrong-pass1' });
    for (const res of [wrongPassword, unknown]) {
      expectProblem(res, 400, AuthMessages.loginFailedTitle);
      expect(res.json()).toEqual({
        type: ProblemType.invalidCredentials,
        title: AuthMessages.loginFailedTitle,
        status: 400,
        detail: AuthMessages.invalidCredentials,
        requestId: expect.any(String),
      });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('does not log a staff member in as a customer', async () => {
    const staff = await createStaff(t);
    const res = await post('/api/v1/customers/login', { emailAddress: staff.emailAddress, password: staff.password });
    expect(res.json().detail).toBe(AuthMessages.invalidCredentials);
  });

  it('tells an unconfirmed customer with the right password to confirm first, and then lets them in', async () => {
    const { body, mail } = await registerAndReceive();
    const res = await post('/api/v1/customers/login', { emailAddress: body.emailAddress, password: body.password });
    expectProblem(res, 400, AuthMessages.emailNotConfirmedTitle);
    expect(res.json()).toMatchObject({
      type: ProblemType.emailNotConfirmed,
      detail: AuthMessages.emailNotConfirmed(body.emailAddress),
    });

    // With a wrong password nothing is revealed.
    const wrong = await post('/api/v1/customers/login', { emailAddress: body.emailAddress, password: 'Wrong-pass1' });
    expect(wrong.json().type).toBe(ProblemType.invalidCredentials);

    await post(`/api/v1/customers/confirm-email/${idFromLink(mail.links[0]!)}`);
    expect(
      (await post('/api/v1/customers/login', { emailAddress: body.emailAddress, password: body.password })).statusCode,
    ).toBe(200);
  });

  it.each([
    ['emailAddress', 'bad', Messages.invalidEmail],
    ['password', '', Messages.passwordRequired],
    ['password', 'short1!', Messages.passwordMin],
    ['password', 'nouppercase1!', Messages.passwordUppercase],
  ])('validates %s %j with "%s" like the form', async (field, value, message) => {
    const payload = { emailAddress: newEmail(), password: 'Str0ng-pass', [field]: value };
    expectValidationError(await post('/api/v1/customers/login', payload), field, message);
  });
});

describe('GET /api/v1/customers', () => {
  it("returns the signed-in customer's own profile", async () => {
    const first = await createCustomer(t, { firstName: 'Ana' });
    const second = await createCustomer(t, { firstName: 'Ben' });
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/customers', headers: first.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      id: first.id,
      emailAddress: first.emailAddress,
      firstName: 'Ana',
      emailConfirmed: true,
    });
    const theirs = await t.app.inject({ method: 'GET', url: '/api/v1/customers', headers: second.headers });
    expect(theirs.json()).toMatchObject({ id: second.id, firstName: 'Ben' });
  });

  it('needs a token (401) of a customer (403 for staff)', async () => {
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/customers' }), 401);
    const staff = await createStaff(t, RoleName.Admin);
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/v1/customers', headers: staff.headers }), 403);
  });

  it('answers 401 (session ended) once the account is gone, like every guarded route', async () => {
    const customer = await createCustomer(t);
    await t.db.execute(sql`delete from accounts where id = ${customer.id}`);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/customers', headers: customer.headers });
    expectProblem(res, 401);
    expect(res.json().detail).toBe(AuthMessages.sessionEnded);
  });
});
