import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AuthMessages, ProblemType } from '@bookshop/contracts/auth';
import { RoleName } from '@bookshop/contracts/enums';
import { Messages } from '@bookshop/contracts/messages';
import { rows } from '../../platform/db.ts';
import {
  createCustomer,
  createStaff,
  expectProblem,
  expectValidationError,
  uniqueIp,
  type TestAccount,
} from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const { t, smtp } = useTestApp({ mail: true, env: { PUBLIC_URL: 'http://shop.test' } });

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': uniqueIp(), ...headers } });

const NEW_PASSWORD = 'Brand-new-pass2';
const tokenFromLink = (link: string) => new URL(link).searchParams.get('token')!;

async function requestReset(base: string, account: Pick<TestAccount, 'emailAddress'>) {
  const res = await post(`${base}/forgot-password`, { emailAddress: account.emailAddress });
  expect(res.statusCode).toBe(202);
  expect(res.json()).toEqual({ message: AuthMessages.resetSent });
  const mail = await smtp.nextMail(account.emailAddress);
  return { mail, token: tokenFromLink(mail.links[0]!) };
}

const reset = (base: string, token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  post(`${base}/reset-password`, { token, password, confirmPassword });

describe.each([
  {
    who: 'customer',
    base: '/api/v1/customers',
    page: 'http://shop.test/reset-password',
    make: () => createCustomer(t),
  },
  {
    who: 'staff member',
    base: '/api/v1/users',
    page: 'http://shop.test/admin/reset-password',
    make: () => createStaff(t, RoleName.User),
  },
])('forgot password of a $who', ({ base, page, make }) => {
  it('mails a single-use link that sets a new password and ends every session', async () => {
    const account = await make();
    const { mail, token } = await requestReset(base, account);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.links[0]!.startsWith(`${page}?token=`)).toBe(true);
    expect(mail.text).toContain('expires in 30 minutes');

    const res = await reset(base, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ emailAddress: account.emailAddress });

    const login = (password: string) => post(`${base}/login`, { emailAddress: account.emailAddress, password });
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(account.password)).json().detail).toBe(AuthMessages.invalidCredentials);
    // The session that existed before the reset is over.
    expectProblem(await post('/api/v1/users/app-rt', undefined, { cookie: account.refreshCookie }), 401);

    const again = await reset(base, token, 'Another-pass3');
    expectProblem(again, 400, AuthMessages.invalidLinkTitle);
    expect(again.json()).toMatchObject({ type: ProblemType.invalidLink, detail: AuthMessages.resetLinkInvalid });
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const emailAddress = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const res = await post(`${base}/forgot-password`, { emailAddress });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: AuthMessages.resetSent });
    const [queued] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from jobs where kind = 'mail' and payload->>'to' = ${emailAddress}`,
    );
    expect(queued!.n).toBe(0);
  });

  it('refuses a link older than 30 minutes', async () => {
    const account = await make();
    const { token } = await requestReset(base, account);
    const [ttl] = await rows<{ minutes: number }>(
      t.db,
      sql`select extract(epoch from expires_at - created_at)::int / 60 as minutes from account_tokens
          where purpose = 'reset-password' order by created_at desc limit 1`,
    );
    expect(ttl!.minutes).toBe(30);
    await t.db.execute(
      sql`update account_tokens set expires_at = now() - interval '1 second' where purpose = 'reset-password'`,
    );
    expectProblem(await reset(base, token), 400);
  });

  it('spends every other reset link of the account once one is used', async () => {
    const account = await make();
    const first = await requestReset(base, account);
    const second = await requestReset(base, account);
    expect((await reset(base, second.token)).statusCode).toBe(200);
    expectProblem(await reset(base, first.token, 'Another-pass3'), 400);
  });

  it.each([
    ['password', '', Messages.passwordRequired],
    ['password', 'Ab1!', Messages.passwordMin],
    ['password', 'ABCDEFG1!', Messages.passwordLowercase],
    ['password', 'abcdefg1!', Messages.passwordUppercase],
    ['password', 'Abcdefgh!', Messages.passwordNumber],
    ['password', 'Abcdefgh1', Messages.passwordSpecial],
    ['confirmPassword', '', Messages.confirmPasswordRequired],
    ['confirmPassword', 'Different-1', Messages.passwordsDontMatch],
    ['token', 'short', AuthMessages.resetLinkInvalid],
  ])('applies the password rules: %s %j gives "%s"', async (field, value, message) => {
    const payload = {
      token: randomBytes(32).toString('base64url'),
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      [field]: value,
    };
    expectValidationError(await post(`${base}/reset-password`, payload), field, message);
  });

  it('validates the address of the request', async () => {
    expectValidationError(
      await post(`${base}/forgot-password`, { emailAddress: 'no' }),
      'emailAddress',
      Messages.invalidEmail,
    );
  });
});

describe('reset links and person types', () => {
  it('does not accept a staff link on the customer endpoint', async () => {
    const staff = await createStaff(t);
    const { token } = await requestReset('/api/v1/users', staff);
    expectProblem(await reset('/api/v1/customers', token), 400);
    expect((await reset('/api/v1/users', token)).statusCode).toBe(200);
  });

  it('confirms the address of an unconfirmed customer (the mailbox is proven)', async () => {
    const emailAddress = `late-${randomBytes(4).toString('hex')}@example.com`;
    const registered = await post('/api/v1/customers/register', {
      emailAddress,
      userName: `late${randomBytes(3).toString('hex')}`,
      firstName: 'Late',
      lastName: 'Reader',
      password: 'First-pass1',
      confirmPassword: 'First-pass1',
    });
    expect(registered.statusCode).toBe(201);
    await smtp.nextMail(emailAddress); // the confirmation mail, left unopened
    const { token } = await requestReset('/api/v1/customers', { emailAddress });
    expect((await reset('/api/v1/customers', token)).statusCode).toBe(200);
    expect((await post('/api/v1/customers/login', { emailAddress, password: NEW_PASSWORD })).statusCode).toBe(200);
  });
});

describe('the reset mail of a customer who prefers Arabic', () => {
  it('is written in Arabic, right to left, and opens the Arabic reset page', async () => {
    const layla = await createCustomer(t, { firstName: 'ليلى', preferredLanguage: 'ar' });
    const { mail, token } = await requestReset('/api/v1/customers', layla);
    expect(mail.subject).toBe('إعادة تعيين كلمة المرور');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.text).toContain('مرحبًا ليلى،');
    expect(mail.links).toEqual([`http://shop.test/ar/reset-password?token=${token}`]);
    expect((await reset('/api/v1/customers', token)).statusCode).toBe(200);
  });
});
