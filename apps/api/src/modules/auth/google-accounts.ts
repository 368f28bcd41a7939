import { AuthMessages, ProblemType, USERNAME_MAX_LENGTH, type PreferredLanguage } from '@bookshop/contracts/auth';
import { NAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '@bookshop/contracts/constants';
import { LoginProvider, PersonType } from '@bookshop/contracts/enums';
import { isUniqueViolation, type Database, type Tx } from '../../platform/db.ts';
import { HttpProblem, notFound } from '../../platform/errors.ts';
import { hashOpaqueToken } from '../../platform/tokens.ts';
import { googleSignInFailed, type GoogleIdentity, type GoogleIdTokenVerifier } from './google-id-tokens.ts';
import * as queries from './queries.ts';
import { sessionEnded, type SessionsService } from './sessions-service.ts';

export type GoogleAccountDeps = {
  db: Database;
  sessions: Pick<SessionsService, 'endSessions'>;
  /** Absent when GOOGLE_CLIENT_ID is not set. */
  verifyGoogleIdToken?: GoogleIdTokenVerifier;
};

const googleAccountExists = () =>
  new HttpProblem(
    409,
    AuthMessages.googleAccountExistsTitle,
    AuthMessages.googleAccountExists,
    undefined,
    ProblemType.googleAccountExists,
  );
const googleLinkRefused = (detail: string) =>
  new HttpProblem(409, AuthMessages.googleLinkFailedTitle, detail, undefined, ProblemType.googleLinkRefused);

async function uniqueUserName(tx: Tx, personType: PersonType, wanted: string): Promise<string> {
  const base = (wanted.trim() || 'reader').slice(0, USERNAME_MAX_LENGTH - 5).padEnd(USERNAME_MIN_LENGTH, '0');
  if (!(await queries.isUserNameTaken(tx, personType, base))) return base;
  for (let attempt = 0; ; attempt++) {
    const candidate = `${base}${Math.floor(1000 + Math.random() * 9000)}`;
    if (attempt > 20 || !(await queries.isUserNameTaken(tx, personType, candidate))) return candidate;
  }
}

/** What the sign-in request says of a customer it may create: their time zone and the request's language. */
export type NewGoogleCustomer = { ianaZone?: string; preferredLanguage: PreferredLanguage };

/** The profile of a customer made from a Google identity: Google's names and picture, a user name of its own. */
async function googleProfile(tx: Tx, identity: GoogleIdentity, { ianaZone, preferredLanguage }: NewGoogleCustomer) {
  const localPart = identity.email.split('@')[0]!;
  const name = (value: string | undefined) => value?.trim().slice(0, NAME_MAX_LENGTH) || undefined;
  return {
    userName: await uniqueUserName(tx, PersonType.Customer, identity.name?.trim() || localPart),
    firstName: name(identity.givenName) ?? name(identity.name) ?? localPart.slice(0, NAME_MAX_LENGTH),
    lastName: name(identity.familyName) ?? '',
    imageUrl: identity.picture ?? null,
    ianaZone: ianaZone ?? null,
    preferredLanguage,
  };
}

/**
 * The customer a Google identity signs in as (docs/decisions/055): the one linked to its
 * subject; else a new one — or the unconfirmed local account of its address, taken over as
 * if new: nobody proved that address but Google's user, so whoever registered it (perhaps an
 * attacker waiting for the owner) loses its password, links and sessions. A confirmed account
 * of the address is refused (409): only its owner links Google to it, from /account.
 */
async function findOrCreateGoogleCustomer(
  { db, sessions }: GoogleAccountDeps,
  identity: GoogleIdentity,
  newCustomer: NewGoogleCustomer,
): Promise<queries.Account> {
  const attempt = () =>
    db.transaction(async (tx) => {
      const bySubject = await queries.findAccountByGoogleSubject(tx, identity.subject);
      // Only customers ever get a Google subject (staff cannot use Google sign-in).
      if (bySubject) return bySubject;
      const byEmail = await queries.lockAccountByEmail(tx, PersonType.Customer, identity.email);
      if (byEmail?.emailConfirmedAt) throw googleAccountExists();
      const google = {
        ...(await googleProfile(tx, identity, newCustomer)),
        loginProvider: LoginProvider.Google,
        googleSubject: identity.subject,
        emailConfirmedAt: new Date(),
      };
      if (!byEmail) {
        return queries.insertAccount(tx, {
          personType: PersonType.Customer,
          emailAddress: identity.email,
          ...google,
        });
      }
      await queries.deleteAccountTokens(tx, byEmail.id);
      await sessions.endSessions(byEmail.id, { tx });
      return (await queries.updateAccount(tx, byEmail.id, { ...google, passwordHash: null }))!;
    });
  try {
    return await attempt();
  } catch (error) {
    // Two first sign-ins of one person raced; the second now finds the first's account.
    if (isUniqueViolation(error)) return attempt();
    throw error;
  }
}

/** Verifies a Google id token and uses up its nonce, so a captured token cannot be replayed. */
async function verifiedGoogleIdentity(
  { db, verifyGoogleIdToken }: GoogleAccountDeps,
  idToken: string,
  nonce: string,
): Promise<GoogleIdentity> {
  if (!verifyGoogleIdToken) throw notFound(AuthMessages.googleSignInDisabled);
  const identity = await verifyGoogleIdToken(idToken, nonce);
  if (!(await queries.claimGoogleNonce(db, hashOpaqueToken(nonce), identity.expiresAt))) throw googleSignInFailed();
  return identity;
}

/**
 * Verifies a Google id token and finds the customer it belongs to, or creates one; an
 * unconfirmed account of the address is taken over, a confirmed one refused (409, decision 055).
 */
export async function signInWithGoogle(
  deps: GoogleAccountDeps,
  idToken: string,
  nonce: string,
  newCustomer: NewGoogleCustomer,
): Promise<queries.Account> {
  return findOrCreateGoogleCustomer(deps, await verifiedGoogleIdentity(deps, idToken, nonce), newCustomer);
}

/**
 * The signed-in customer links Google sign-in to their account (decision 055), with a token
 * checked as sign-in checks it. The Google account must use the customer's own e-mail address
 * (so a stolen access token cannot add its thief's Google account as a lasting way in) and be
 * linked to no other account; either refusal is a 409. Linking again is a no-op.
 */
export async function linkGoogle(
  deps: GoogleAccountDeps,
  accountId: number,
  idToken: string,
  nonce: string,
): Promise<queries.Account> {
  const identity = await verifiedGoogleIdentity(deps, idToken, nonce);
  try {
    return await deps.db.transaction(async (tx) => {
      const account = await queries.findAccountById(tx, accountId, { lock: true });
      if (!account || account.deletedAt || account.personType !== PersonType.Customer) throw sessionEnded();
      if (account.googleSubject === identity.subject) return account;
      if (await queries.findAccountByGoogleSubject(tx, identity.subject))
        throw googleLinkRefused(AuthMessages.googleLinkedElsewhere);
      if (identity.email.toLowerCase() !== account.emailAddress.toLowerCase())
        throw googleLinkRefused(AuthMessages.googleEmailMismatch(identity.email, account.emailAddress));
      return (await queries.updateAccount(tx, account.id, {
        googleSubject: identity.subject,
        imageUrl: account.imageUrl ?? identity.picture ?? null,
      }))!;
    });
  } catch (error) {
    // Another account linked the same Google account between our check and the update.
    if (isUniqueViolation(error)) throw googleLinkRefused(AuthMessages.googleLinkedElsewhere);
    throw error;
  }
}
