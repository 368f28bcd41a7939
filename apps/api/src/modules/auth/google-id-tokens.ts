import { createHash, timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { z } from 'zod';
import { AuthMessages, ProblemType } from '@bookshop/contracts/auth';
import { HttpProblem } from '../../platform/errors.ts';

/** Google signs with RS256 and has used both spellings of its issuer. */
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

const GoogleClaimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.email(),
  email_verified: z.union([z.literal(true), z.literal('true')], { error: 'email_verified is not true' }),
  nonce: z.string(),
  exp: z.number(),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.url().optional(),
});

/** Who Google says signed in; only claims of a verified token. */
export type GoogleIdentity = {
  subject: string;
  email: string;
  name?: string;
  givenName?: string;
  familyName?: string;
  picture?: string;
  /** The token's expiry; its nonce is remembered until then. */
  expiresAt: Date;
};

export type GoogleIdTokenVerifier = (idToken: string, nonce: string) => Promise<GoogleIdentity>;

export const googleSignInFailed = () =>
  new HttpProblem(
    400,
    AuthMessages.googleSignInFailedTitle,
    AuthMessages.googleSignInFailed,
    undefined,
    ProblemType.googleSignInFailed,
  );

const sameText = (a: string, b: string) => {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
};

/**
 * Verifies Google id tokens against Google's published keys (fetched from `jwksUrl` and
 * cached by jose): signature, audience = our client id, issuer, expiry, the nonce the browser
 * generated for this sign-in, and a verified e-mail address. Nothing else the client says about
 * the user is used.
 */
export function createGoogleIdTokenVerifier(options: {
  clientId: string;
  jwksUrl: string;
  issuer: string;
}): GoogleIdTokenVerifier {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
  const issuers = [...new Set([options.issuer, ...GOOGLE_ISSUERS])];

  return async function verifyGoogleIdToken(idToken, nonce) {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        algorithms: ['RS256'],
        audience: options.clientId,
        issuer: issuers,
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 30,
      }));
    } catch (error) {
      // Not the token's fault: Google's keys could not be fetched.
      if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) {
        throw new HttpProblem(
          503,
          'Service Unavailable',
          'Google sign-in is unavailable right now. Please try again later.',
        );
      }
      throw googleSignInFailed();
    }
    const claims = GoogleClaimsSchema.safeParse(payload);
    if (!claims.success || !sameText(claims.data.nonce, nonce)) throw googleSignInFailed();
    const c = claims.data;
    return {
      subject: c.sub,
      email: c.email,
      name: c.name,
      givenName: c.given_name,
      familyName: c.family_name,
      picture: c.picture,
      expiresAt: new Date(c.exp * 1000),
    };
  };
}
