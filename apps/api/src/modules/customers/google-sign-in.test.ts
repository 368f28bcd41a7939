import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages, ProblemType } from '@bookshop/contracts/auth';
import { LoginProvider, PersonType } from '@bookshop/contracts/enums';
import {
  createCustomer,
  createTestApp,
  expectProblem,
  expectValidationError,
  uniqueIp,
  type TestApp,
} from '../../test/app.ts';

const CLIENT_ID = 'bookshop-test.apps.googleusercontent.com';
const KID = 'test-key-1';

let t: TestApp;
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
  t = await createTestApp({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_JWKS_URL: jwksUrl,
    GOOGLE_ISSUER: 'https://accounts.google.com',
  });
});
afterAll(async () => {
  await t.close();
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

  it('links the Google account to an existing customer with the same address, who keeps their password', async () => {
    const local = await createCustomer(t, { emailAddress: `linked-${randomBytes(3).toString('hex')}@gmail.com` });
    const nonce = newNonce();
    const res = await signIn({ idToken: await idToken({ sub: '555001', email: local.emailAddress, nonce }), nonce });
    expect(res.json()).toMatchObject({ id: local.id, loginProvider: LoginProvider.Local });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customers/login',
      headers: { 'x-forwarded-for': uniqueIp() },
      payload: { emailAddress: local.emailAddress, password: local.password },
    });
    expect(login.statusCode).toBe(200);
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

describe('GET /api/v1/config', () => {
  it('tells the storefront the Google client id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/config' })).json()).toEqual({
      googleClientId: CLIENT_ID,
      testMode: true,
    });
  });
});

describe('without GOOGLE_CLIENT_ID', () => {
  it('hides the button (null client id) and answers sign-in with 404', async () => {
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
