import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages, ProblemType } from '@bookshop/contracts/auth';
import { LoginProvider, PersonType } from '@bookshop/contracts/enums';
import {
  createCustomer,
  createStaff,
  createTestApp,
  expectProblem,
  expectValidationError,
  loginAs,
  uniqueIp,
  type TestAccount,
  type TestApp,
} from '../../test/app.ts';
import { startMailCatcher, type MailCatcher } from '../../test/mail-catcher.ts';
import { findAccountByEmail } from '../auth/queries.ts';
import { createSessionsService } from '../auth/sessions-service.ts';

const CLIENT_ID = 'bookshop-test.apps.googleusercontent.com';
const KID = 'test-key-1';

let t: TestApp;
let smtp: MailCatcher;
let jwksServer: Server;
let googleKey: CryptoKey;
let otherKey: CryptoKey;
let publicJwk: Record<string, unknown>;

/** Stands in for https://www.googleapis.com/oauth2/v3/certs. */
async function startJwksServer(): Promise<string> {
  jwksServer = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/oauth2/v3/certs`;
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  googleKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const jwksUrl = await startJwksServer();
  smtp = await startMailCatcher();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://shop.test',
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_JWKS_URL: jwksUrl,
    GOOGLE_ISSUER: 'https://accounts.google.com',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await new Promise((resolve) => jwksServer.close(resolve));
});

const newNonce = () => randomBytes(16).toString('base64url');
const person = () => {
  const id = randomBytes(4).toString('hex');
  return { sub: `1098${BigInt(`0x${id}`).toString()}`, email: `g-${id}@gmail.com` };
};

type Claims = JWTPayload & Record<string, unknown>;

function idToken(
  claims: Claims,
  options: { key?: CryptoKey; alg?: string; kid?: string; expiresIn?: string | number } = {},
) {
  const { iss = 'https://accounts.google.com', aud = CLIENT_ID, ...rest } = claims;
  return new SignJWT({
    email_verified: true,
    name: 'Noor Khalil',
    given_name: 'Noor',
    family_name: 'Khalil',
    picture: 'https://lh3.googleusercontent.com/a/photo',
    ...rest,
  })
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? KID, typ: 'JWT' })
    .setIssuer(iss)
    .setAudience(aud)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '1h')
    .sign(options.key ?? googleKey);
}

const signIn = (payload: object, app: TestApp = t) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/customers/google-signin',
    payload,
    headers: { 'x-forwarded-for': uniqueIp() },
  });

describe('POST /api/v1/customers/google-signin', () => {
  it("gives a new Google customer the request's language: Arabic from an Arabic page, else the cookie", async () => {
    const languageOf = async (headers: Record<string, string>) => {
      const nonce = newNonce();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/customers/google-signin',
        payload: { idToken: await idToken({ ...person(), name: undefined, nonce }), nonce },
        headers: { 'x-forwarded-for': uniqueIp(), ...headers },
      });
      expect(res.statusCode, res.body).toBe(200);
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/v1/customers',
        headers: { authorization: `Bearer ${res.json().token}` },
      });
      return profile.json<{ preferredLanguage: string }>().preferredLanguage;
    };
    expect(await languageOf({ 'accept-language': 'ar' })).toBe('ar');
    // The callback page is English; the language switch's cookie remembers the Arabic shop.
    expect(await languageOf({ 'accept-language': 'en', cookie: 'lang=ar' })).toBe('ar');
    expect(await languageOf({ 'accept-language': 'en' })).toBe('en');
  });

  it('creates a confirmed Google customer from the verified token and logs them in', async () => {
    const who = person();
    const nonce = newNonce();
    const res = await signIn({ idToken: await idToken({ ...who, nonce }), nonce, ianaZone: 'Asia/Dubai' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      emailAddress: who.email,
      userName: 'Noor Khalil',
      firstName: 'Noor',
      lastName: 'Khalil',
      imageUrl: 'https://lh3.googleusercontent.com/a/photo',
      personType: PersonType.Customer,
      loginProvider: LoginProvider.Google,
      role: null,
      permissions: [],
      token: expect.any(String),
    });
    expect(res.cookies.find((c) => c.name === 'bookshop_refresh')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    });

    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customers',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(profile.json()).toMatchObject({
      emailConfirmed: true,
      loginProvider: LoginProvider.Google,
      ianaZone: 'Asia/Dubai',
      hasPassword: false,
    });
  });

  it('signs the same Google account into the same customer next time', async () => {
    const who = person();
    const first = newNonce();
    const second = newNonce();
    const a = await signIn({ idToken: await idToken({ ...who, nonce: first }), nonce: first });
    const b = await signIn({
      idToken: await idToken({ ...who, nonce: second, iss: 'accounts.google.com' }),
      nonce: second,
    });
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().id).toBe(a.json().id);
    expect(b.json().userName).not.toBe(undefined);
  });

  it('gives a second "Noor Khalil" a user name of their own', async () => {
    const names = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const nonce = newNonce();
      names.add((await signIn({ idToken: await idToken({ ...person(), nonce }), nonce })).json().userName);
    }
    expect(names.size).toBe(2);
  });

  it('uses nothing the client says about the user', async () => {
    const who = person();
    const nonce = newNonce();
    const res = await signIn({
      idToken: await idToken({ ...who, nonce }),
      nonce,
      email: 'admin@bookshop.local',
      personType: 2,
      role: 'Admin',
      firstName: 'Mallory',
    });
    expect(res.json()).toMatchObject({ emailAddress: who.email, firstName: 'Noor', personType: 1, role: null });
  });

  const rejected: [string, () => Promise<{ idToken: string; nonce: string }>][] = [
    [
      'a wrong audience',
      async () => {
        const nonce = newNonce();
        return {
          idToken: await idToken({ ...person(), nonce, aud: 'someone-else.apps.googleusercontent.com' }),
          nonce,
        };
      },
    ],
    [
      'a wrong issuer',
      async () => {
        const nonce = newNonce();
        return { idToken: await idToken({ ...person(), nonce, iss: 'https://evil.example' }), nonce };
      },
    ],
    [
      'an expired token',
      async () => {
        const nonce = newNonce();
        return {
          idToken: await idToken({ ...person(), nonce }, { expiresIn: Math.floor(Date.now() / 1000) - 120 }),
          nonce,
        };
      },
    ],
    ['a wrong nonce', async () => ({ idToken: await idToken({ ...person(), nonce: newNonce() }), nonce: newNonce() })],
    ['a token without a nonce', async () => ({ idToken: await idToken({ ...person() }), nonce: newNonce() })],
    [
      'a bad signature',
      async () => {
        const nonce = newNonce();
        return { idToken: await idToken({ ...person(), nonce }, { key: otherKey }), nonce };
      },
    ],
    [
      'alg none',
      () => {
        const nonce = newNonce();
        const unsigned = new UnsecuredJWT({ ...person(), nonce, email_verified: true })
          .setIssuer('https://accounts.google.com')
          .setAudience(CLIENT_ID)
          .setIssuedAt()
          .setExpirationTime('1h')
          .encode();
        return Promise.resolve({ idToken: unsigned, nonce });
      },
    ],
    [
      'HS256 keyed with the public key (algorithm confusion)',
      async () => {
        const nonce = newNonce();
        const secret = new TextEncoder().encode(JSON.stringify(publicJwk));
        return {
          idToken: await idToken({ ...person(), nonce }, { key: secret as unknown as CryptoKey, alg: 'HS256' }),
          nonce,
        };
      },
    ],
    [
      'an unknown key id',
      async () => {
        const nonce = newNonce();
        return { idToken: await idToken({ ...person(), nonce }, { kid: 'rotated-away' }), nonce };
      },
    ],
    [
      'an unverified e-mail address',
      async () => {
        const nonce = newNonce();
        return { idToken: await idToken({ ...person(), nonce, email_verified: false }), nonce };
      },
    ],
    [
      'no e-mail address',
      async () => {
        const nonce = newNonce();
        return { idToken: await idToken({ sub: '777', nonce, email: undefined }), nonce };
      },
    ],
    ['garbage', () => Promise.resolve({ idToken: 'not-a-jwt', nonce: newNonce() })],
  ];

  it.each(rejected)('rejects %s with 400 and no session', async (_case, make) => {
    const res = await signIn(await make());
    expectProblem(res, 400, AuthMessages.googleSignInFailedTitle);
    expect(res.json()).toMatchObject({ type: ProblemType.googleSignInFailed, detail: AuthMessages.googleSignInFailed });
    expect(res.cookies).toHaveLength(0);
  });

  it('accepts an id token once: a replay is rejected', async () => {
    const nonce = newNonce();
    const payload = { idToken: await idToken({ ...person(), nonce }), nonce };
    expect((await signIn(payload)).statusCode).toBe(200);
    expectProblem(await signIn(payload), 400, AuthMessages.googleSignInFailedTitle);
  });

  it('validates the body', async () => {
    expectValidationError(await signIn({ idToken: 'x', nonce: 'short' }), 'nonce');
    expectValidationError(await signIn({ nonce: newNonce() }), 'idToken');
    expectValidationError(
      await signIn({ idToken: 'x', nonce: newNonce(), ianaZone: 'Nowhere/City' }),
      'ianaZone',
      AuthMessages.invalidTimeZone,
    );
  });
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': uniqueIp(), ...headers } });
const passwordLogin = (emailAddress: string, password: string) =>
  post('/api/v1/customers/login', { emailAddress, password });
const profileOf = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/customers', headers: { authorization: `Bearer ${token}` } });
const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@gmail.com`;

describe('Google sign-in and a local account of the same address (decision 055)', () => {
  it('takes over an unconfirmed account: the registrant’s password, links and sessions stop working', async () => {
    // The attacker registers the victim's address with a password of their own, and never confirms it.
    const email = uniqueEmail('victim');
    const attackerPassword = 'Attacker-pass1';
    const registered = await post('/api/v1/customers/register', {
      emailAddress: email,
      userName: 'not-the-victim',
      firstName: 'Mallory',
      lastName: 'Evil',
      password: attackerPassword,
      confirmPassword: attackerPassword,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const confirmLink = (await smtp.nextMail(email)).links[0]!;
    expect((await post('/api/v1/customers/forgot-password', { emailAddress: email })).statusCode).toBe(202);
    const resetLink = (await smtp.nextMail(email)).links[0]!;
    // Any session the account might hold (none can be made without confirming; this stands for one).
    const sessions = createSessionsService({ db: t.db, accessTokens: t.app.accessTokens, log: t.app.log });
    const attackerSession = await sessions.start((await findAccountByEmail(t.db, PersonType.Customer, email))!);
    expect((await profileOf(attackerSession.accessToken)).statusCode).toBe(200);

    // The victim signs in with Google.
    const nonce = newNonce();
    const res = await signIn({ idToken: await idToken({ sub: '555002', email, nonce }), nonce });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: registered.json().id,
      emailAddress: email,
      firstName: 'Noor',
      lastName: 'Khalil',
      // Google's name, not the registrant's choice (another test's Noor Khalil may have the plain one).
      userName: expect.stringMatching(/^Noor Khalil/),
      loginProvider: LoginProvider.Google,
    });
    expect((await profileOf(res.json().token)).json()).toMatchObject({
      emailConfirmed: true,
      hasPassword: false,
      googleLinked: true,
    });

    // The attacker's password, session and mailed links are all dead.
    const login = await passwordLogin(email, attackerPassword);
    expectProblem(login, 400, AuthMessages.loginFailedTitle);
    expect(login.json().type).toBe(ProblemType.invalidCredentials);
    expectProblem(await profileOf(attackerSession.accessToken), 401);
    expectProblem(
      await post('/api/v1/users/app-rt', undefined, { cookie: `bookshop_refresh=${attackerSession.refreshToken}` }),
      401,
    );
    const id = new URL(confirmLink).searchParams.get('id')!;
    expectProblem(await post(`/api/v1/customers/confirm-email/${id}`), 400, AuthMessages.invalidLinkTitle);
    const token = new URL(resetLink).searchParams.get('token')!;
    expectProblem(
      await post('/api/v1/customers/reset-password', {
        token,
        password: 'Other-pass1',
        confirmPassword: 'Other-pass1',
      }),
      400,
      AuthMessages.invalidLinkTitle,
    );
    // The victim stays in.
    expect((await profileOf(res.json().token)).statusCode).toBe(200);
  });

  it('refuses a confirmed account with 409 and leaves it as it was: its owner links Google from /account', async () => {
    const owner = await createCustomer(t, { emailAddress: uniqueEmail('owner') });
    const nonce = newNonce();
    const res = await signIn({ idToken: await idToken({ sub: '555003', email: owner.emailAddress, nonce }), nonce });
    expectProblem(res, 409, AuthMessages.googleAccountExistsTitle);
    expect(res.json()).toMatchObject({
      type: ProblemType.googleAccountExists,
      detail: AuthMessages.googleAccountExists,
    });
    expect(res.cookies).toHaveLength(0);

    expect((await profileOf(owner.token)).json()).toMatchObject({ googleLinked: false, hasPassword: true });
    expect((await passwordLogin(owner.emailAddress, owner.password)).statusCode).toBe(200);
  });

  it('refuses a confirmed Google-only account of the address with another Google subject (409)', async () => {
    const email = uniqueEmail('recreated');
    const nonce = newNonce();
    expect((await signIn({ idToken: await idToken({ sub: '555004', email, nonce }), nonce })).statusCode).toBe(200);
    const again = newNonce();
    const res = await signIn({ idToken: await idToken({ sub: '555005', email, nonce: again }), nonce: again });
    expectProblem(res, 409, AuthMessages.googleAccountExistsTitle);
  });
});

describe('POST /api/v1/customers/google-link', () => {
  const link = (who: Pick<TestAccount, 'headers'> | undefined, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/customers/google-link',
      payload,
      headers: { 'x-forwarded-for': uniqueIp(), ...who?.headers },
    });
  const tokenFor = async (claims: Claims) => {
    const nonce = newNonce();
    return { idToken: await idToken({ ...claims, nonce }), nonce };
  };

  it('links Google to the signed-in owner, who then signs in with Google or the password', async () => {
    const owner = await createCustomer(t, { emailAddress: uniqueEmail('Linker') });
    const sub = `556${Date.now()}`;
    // Google may spell the address in another case; it is the same address.
    const res = await link(owner, await tokenFor({ sub, email: owner.emailAddress.toUpperCase() }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: owner.id,
      googleLinked: true,
      hasPassword: true,
      loginProvider: LoginProvider.Local,
    });

    const viaGoogle = await signIn(await tokenFor({ sub, email: owner.emailAddress }));
    expect(viaGoogle.statusCode, viaGoogle.body).toBe(200);
    expect(viaGoogle.json()).toMatchObject({ id: owner.id, loginProvider: LoginProvider.Local });
    expect((await passwordLogin(owner.emailAddress, owner.password)).statusCode).toBe(200);
    // Linking the same Google account again changes nothing.
    expect((await link(owner, await tokenFor({ sub, email: owner.emailAddress }))).json()).toMatchObject({
      googleLinked: true,
    });
  });

  it('refuses a Google account with another e-mail address (409), linking nothing', async () => {
    const owner = await createCustomer(t, { emailAddress: uniqueEmail('owner') });
    const thief = uniqueEmail('thief');
    const res = await link(owner, await tokenFor({ sub: `557${Date.now()}`, email: thief }));
    expectProblem(res, 409, AuthMessages.googleLinkFailedTitle);
    expect(res.json()).toMatchObject({
      type: ProblemType.googleLinkRefused,
      detail: AuthMessages.googleEmailMismatch(thief, owner.emailAddress),
    });
    expect((await profileOf(owner.token)).json()).toMatchObject({ googleLinked: false });
  });

  it('refuses a Google account linked to another customer (409)', async () => {
    const email = uniqueEmail('taken');
    const sub = `558${Date.now()}`;
    expect((await signIn(await tokenFor({ sub, email }))).statusCode).toBe(200);
    const other = await createCustomer(t);
    const res = await link(other, await tokenFor({ sub, email }));
    expectProblem(res, 409, AuthMessages.googleLinkFailedTitle);
    expect(res.json().detail).toBe(AuthMessages.googleLinkedElsewhere);
  });

  it('checks the token as sign-in does: a bad one or a replayed nonce is 400, linking nothing', async () => {
    const owner = await createCustomer(t, { emailAddress: uniqueEmail('careful') });
    const nonce = newNonce();
    const forged = await idToken({ sub: '559', email: owner.emailAddress, nonce }, { key: otherKey });
    expectProblem(await link(owner, { idToken: forged, nonce }), 400, AuthMessages.googleSignInFailedTitle);
    const good = await tokenFor({ sub: `559${Date.now()}`, email: owner.emailAddress });
    expect((await link(owner, good)).statusCode).toBe(200);
    expectProblem(await link(owner, good), 400, AuthMessages.googleSignInFailedTitle);
    expectValidationError(await link(owner, { idToken: 'x', nonce: 'short' }), 'nonce');
  });

  it('needs a signed-in customer: 401 without a token or after logout, 403 for staff', async () => {
    const payload = await tokenFor({ ...person() });
    expectProblem(await link(undefined, payload), 401);
    const staff = await createStaff(t);
    expectProblem(await link(staff, payload), 403);
    const customer = await createCustomer(t);
    const session = await loginAs(t, customer);
    await post('/api/v1/users/logout', undefined, { cookie: session.refreshCookie });
    expectProblem(await link({ headers: { authorization: `Bearer ${session.token}` } }, payload), 401);
  });
});

describe('GET /api/v1/config', () => {
  it('tells the storefront the Google client id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/config' })).json()).toEqual({
      googleClientId: CLIENT_ID,
      testMode: true,
    });
  });
});

describe('without GOOGLE_CLIENT_ID', () => {
  it('hides the button (null client id) and answers sign-in and linking with 404', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/v1/config' })).json()).toEqual({
        googleClientId: null,
        testMode: true,
      });
      const nonce = newNonce();
      const res = await signIn({ idToken: await idToken({ ...person(), nonce }), nonce }, plain);
      expectProblem(res, 404);
      expect(res.json().detail).toBe(AuthMessages.googleSignInDisabled);
      const customer = await createCustomer(plain);
      const linked = await plain.app.inject({
        method: 'POST',
        url: '/api/v1/customers/google-link',
        headers: customer.headers,
        payload: { idToken: await idToken({ ...person(), nonce }), nonce },
      });
      expectProblem(linked, 404);
    } finally {
      await plain.close();
    }
  });
});

describe("when Google's keys cannot be fetched", () => {
  it('answers 503, not a verdict on the token', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const offline = await createTestApp({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs`,
    });
    try {
      const nonce = newNonce();
      expectProblem(await signIn({ idToken: await idToken({ ...person(), nonce }), nonce }, offline), 503);
    } finally {
      await offline.close();
    }
  });
});
