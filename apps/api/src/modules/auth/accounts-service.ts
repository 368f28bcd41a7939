import {
  AuthMessages,
  EMAIL_CONFIRMATION_TTL_HOURS,
  PASSWORD_RESET_TTL_MINUTES,
  ProblemType,
  USERNAME_MAX_LENGTH,
  type LoggedInUser,
} from '@bookshop/contracts/auth';
import { NAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '@bookshop/contracts/constants';
import { LoginProvider, PersonType, RoleName } from '@bookshop/contracts/enums';
import { Messages } from '@bookshop/contracts/messages';
import { permissionsOf } from '@bookshop/contracts/roles';
import { Routes } from '@bookshop/contracts/routes';
import { isUniqueViolation, type Database, type Tx } from '../../platform/db.ts';
import { conflict, HttpProblem, notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { PasswordHasher } from '../../platform/password.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/tokens.ts';
import { googleSignInFailed, type GoogleIdentity, type GoogleIdTokenVerifier } from './google-id-tokens.ts';
import { confirmEmailMail, resetPasswordMail } from './mails.ts';
import * as queries from './queries.ts';
import { sessionEnded, type SessionsService } from './sessions-service.ts';

export type Account = queries.Account;

export type NewAccountInput = {
  personType: PersonType;
  emailAddress: string;
  userName: string;
  password: string;
  firstName?: string;
  lastName?: string;
  ianaZone?: string;
  /** Staff only; registration gives New User. */
  role?: RoleName;
  /** Scripts, seeds and tests create accounts that need no confirmation mail. */
  confirmed?: boolean;
};

type Deps = {
  db: Database;
  passwords: PasswordHasher;
  mailer: Pick<Mailer, 'enqueue' | 'wake'>;
  sessions: Pick<SessionsService, 'endSessions'>;
  publicUrl: string;
  /** Absent when GOOGLE_CLIENT_ID is not set. */
  verifyGoogleIdToken?: GoogleIdTokenVerifier;
};

const invalidCredentials = () =>
  new HttpProblem(
    400,
    AuthMessages.loginFailedTitle,
    AuthMessages.invalidCredentials,
    undefined,
    ProblemType.invalidCredentials,
  );
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
const invalidLink = (detail: string) =>
  new HttpProblem(400, AuthMessages.invalidLinkTitle, detail, undefined, ProblemType.invalidLink);

const links = {
  [PersonType.Customer]: { confirm: Routes.emailConfirmation, reset: Routes.resetPassword },
  [PersonType.Internal]: { confirm: Routes.adminEmailConfirmation, reset: Routes.adminResetPassword },
} as const;

function toLoggedInUser(account: Account, token: string): LoggedInUser {
  return {
    id: account.id,
    emailAddress: account.emailAddress,
    userName: account.userName,
    firstName: account.firstName,
    lastName: account.lastName,
    imageUrl: account.imageUrl,
    personType: account.personType as PersonType,
    loginProvider: account.loginProvider as LoginProvider,
    role: account.role as RoleName | null,
    permissions: permissionsOf(account.role as RoleName | null),
    token,
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/** Identity for both person types: registration, confirmation, login checks, password reset, Google sign-in. */
export function createAccountsService({ db, passwords, mailer, sessions, publicUrl, verifyGoogleIdToken }: Deps) {
  const link = (path: string, param: string, token: string) =>
    `${publicUrl}${path}?${param}=${encodeURIComponent(token)}`;

  async function sendConfirmation(tx: Tx, account: Account) {
    const { token, hash } = newOpaqueToken();
    await queries.insertAccountToken(tx, {
      hash,
      accountId: account.id,
      purpose: 'confirm-email',
      ttlMinutes: EMAIL_CONFIRMATION_TTL_HOURS * 60,
    });
    const url = link(links[account.personType as PersonType].confirm, 'id', token);
    await mailer.enqueue(tx, confirmEmailMail(account.emailAddress, account.userName, url));
  }

  /** 409 naming every taken field, e.g. both e-mail and user name. */
  async function assertAvailable(tx: Tx, personType: PersonType, emailAddress: string, userName: string) {
    const errors: Record<string, string[]> = {};
    if (await queries.findAccountByEmail(tx, personType, emailAddress))
      errors.emailAddress = [Messages.emailAlreadyRegistered(emailAddress)];
    if (await queries.isUserNameTaken(tx, personType, userName))
      errors.userName = [AuthMessages.userNameTaken(userName)];
    const messages = Object.values(errors).flat();
    if (messages.length) throw new HttpProblem(409, 'Already Registered', messages.join(' '), errors);
  }

  async function insertNew(
    tx: Tx,
    input: NewAccountInput,
    passwordHash: string | null,
    extra: Partial<queries.NewAccount> = {},
  ) {
    await assertAvailable(tx, input.personType, input.emailAddress, input.userName);
    try {
      return await queries.insertAccount(tx, {
        personType: input.personType,
        emailAddress: input.emailAddress,
        userName: input.userName,
        firstName: input.personType === PersonType.Customer ? (input.firstName ?? '') : null,
        lastName: input.personType === PersonType.Customer ? (input.lastName ?? '') : null,
        role: input.personType === PersonType.Internal ? (input.role ?? RoleName.NewUser) : null,
        passwordHash,
        ianaZone: input.ianaZone ?? null,
        emailConfirmedAt: input.confirmed ? new Date() : null,
        ...extra,
      });
    } catch (error) {
      // Another request registered the same address or name between our check and insert.
      if (isUniqueViolation(error)) throw conflict(Messages.emailAlreadyRegistered(input.emailAddress));
      throw error;
    }
  }

  async function uniqueUserName(tx: Tx, personType: PersonType, wanted: string): Promise<string> {
    const base = (wanted.trim() || 'reader').slice(0, USERNAME_MAX_LENGTH - 5).padEnd(USERNAME_MIN_LENGTH, '0');
    if (!(await queries.isUserNameTaken(tx, personType, base))) return base;
    for (let attempt = 0; ; attempt++) {
      const candidate = `${base}${Math.floor(1000 + Math.random() * 9000)}`;
      if (attempt > 20 || !(await queries.isUserNameTaken(tx, personType, candidate))) return candidate;
    }
  }

  /** The profile of a customer made from a Google identity: Google's names and picture, a user name of its own. */
  async function googleProfile(tx: Tx, identity: GoogleIdentity, ianaZone?: string) {
    const localPart = identity.email.split('@')[0]!;
    const name = (value: string | undefined) => value?.trim().slice(0, NAME_MAX_LENGTH) || undefined;
    return {
      userName: await uniqueUserName(tx, PersonType.Customer, identity.name?.trim() || localPart),
      firstName: name(identity.givenName) ?? name(identity.name) ?? localPart.slice(0, NAME_MAX_LENGTH),
      lastName: name(identity.familyName) ?? '',
      imageUrl: identity.picture ?? null,
      ianaZone: ianaZone ?? null,
    };
  }

  /**
   * The customer a Google identity signs in as (docs/decisions/055): the one linked to its
   * subject; else a new one — or the unconfirmed local account of its address, taken over as
   * if new: nobody proved that address but Google's user, so whoever registered it (perhaps an
   * attacker waiting for the owner) loses its password, links and sessions. A confirmed account
   * of the address is refused (409): only its owner links Google to it, from /account.
   */
  async function findOrCreateGoogleCustomer(identity: GoogleIdentity, ianaZone?: string): Promise<Account> {
    const attempt = () =>
      db.transaction(async (tx) => {
        const bySubject = await queries.findAccountByGoogleSubject(tx, identity.subject);
        // Only customers ever get a Google subject (staff cannot use Google sign-in).
        if (bySubject) return bySubject;
        const byEmail = await queries.lockAccountByEmail(tx, PersonType.Customer, identity.email);
        if (byEmail?.emailConfirmedAt) throw googleAccountExists();
        const google = {
          ...(await googleProfile(tx, identity, ianaZone)),
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
  async function verifiedGoogleIdentity(idToken: string, nonce: string): Promise<GoogleIdentity> {
    if (!verifyGoogleIdToken) throw notFound(AuthMessages.googleSignInDisabled);
    const identity = await verifyGoogleIdToken(idToken, nonce);
    if (!(await queries.claimGoogleNonce(db, hashOpaqueToken(nonce), identity.expiresAt))) throw googleSignInFailed();
    return identity;
  }

  return {
    /** Registers a local account and queues its confirmation mail; the account cannot log in until confirmed. */
    async register(input: NewAccountInput): Promise<Account> {
      const passwordHash = await passwords.hash(input.password);
      const account = await db.transaction(async (tx) => {
        const created = await insertNew(tx, { ...input, confirmed: false }, passwordHash);
        await sendConfirmation(tx, created);
        return created;
      });
      mailer.wake();
      return account;
    },

    async isEmailRegistered(personType: PersonType, emailAddress: string): Promise<boolean> {
      return (await queries.findAccountByEmail(db, personType, emailAddress)) !== undefined;
    },

    /**
     * Uses a confirmation id (single use, 24 h) and marks the address confirmed. A link of an
     * account that is confirmed already (opened again, or an older mail) answers as confirmed
     * even when spent or expired: the mail reached its owner, and saying "invalid" would only confuse.
     */
    async confirmEmail(personType: PersonType, id: string): Promise<{ account: Account; alreadyConfirmed: boolean }> {
      return db.transaction(async (tx) => {
        const hash = hashOpaqueToken(id);
        const unused = await queries.useAccountToken(tx, hash, 'confirm-email');
        const accountId = unused ?? (await queries.findAccountTokenOwner(tx, hash, 'confirm-email'));
        const account = accountId === undefined ? undefined : await queries.findAccountById(tx, accountId);
        // Thrown inside the transaction, so a staff link used on the customer endpoint stays unused.
        if (!account || account.personType !== personType) throw invalidLink(AuthMessages.confirmationLinkInvalid);
        if (account.emailConfirmedAt) return { account, alreadyConfirmed: true };
        if (unused === undefined) throw invalidLink(AuthMessages.confirmationLinkInvalid);
        const confirmed = await queries.updateAccount(tx, account.id, { emailConfirmedAt: new Date() });
        return { account: confirmed!, alreadyConfirmed: false };
      });
    },

    /** Sends a new confirmation link to an unconfirmed account; silently does nothing otherwise. */
    async resendConfirmation(personType: PersonType, emailAddress: string): Promise<void> {
      const sent = await db.transaction(async (tx) => {
        const account = await queries.findAccountByEmail(tx, personType, emailAddress);
        if (!account || account.emailConfirmedAt) return false;
        await sendConfirmation(tx, account);
        return true;
      });
      if (sent) mailer.wake();
    },

    /** The account whose credentials these are; one generic problem for any mismatch. */
    async checkCredentials(personType: PersonType, emailAddress: string, password: string): Promise<Account> {
      const account = await queries.findAccountByEmail(db, personType, emailAddress);
      if (!account?.passwordHash) {
        await passwords.verifyNothing(password);
        throw invalidCredentials();
      }
      if (!(await passwords.verify(account.passwordHash, password))) throw invalidCredentials();
      // Said only to someone who knows the password, so it reveals nothing to others.
      if (!account.emailConfirmedAt) {
        throw new HttpProblem(
          400,
          AuthMessages.emailNotConfirmedTitle,
          AuthMessages.emailNotConfirmed(account.emailAddress),
          undefined,
          ProblemType.emailNotConfirmed,
        );
      }
      if (passwords.needsRehash(account.passwordHash)) {
        await queries.updateAccount(db, account.id, { passwordHash: await passwords.hash(password) });
      }
      return account;
    },

    /** Mails a reset link (single use, 30 min) when the account exists; the caller answers the same either way. */
    async requestPasswordReset(personType: PersonType, emailAddress: string): Promise<void> {
      const sent = await db.transaction(async (tx) => {
        const account = await queries.findAccountByEmail(tx, personType, emailAddress);
        if (!account) return false;
        const { token, hash } = newOpaqueToken();
        await queries.insertAccountToken(tx, {
          hash,
          accountId: account.id,
          purpose: 'reset-password',
          ttlMinutes: PASSWORD_RESET_TTL_MINUTES,
        });
        const url = link(links[personType].reset, 'token', token);
        await mailer.enqueue(tx, resetPasswordMail(account.emailAddress, account.userName, url));
        return true;
      });
      if (sent) mailer.wake();
    },

    /**
     * Sets a new password from a reset link. Opening the mailed link proves the address, so it
     * also confirms it. Every session of the account ends, and other reset links stop working.
     */
    async resetPassword(personType: PersonType, token: string, password: string): Promise<Account> {
      const passwordHash = await passwords.hash(password);
      return db.transaction(async (tx) => {
        const accountId = await queries.useAccountToken(tx, hashOpaqueToken(token), 'reset-password');
        const account = accountId === undefined ? undefined : await queries.findAccountById(tx, accountId);
        if (!account || account.personType !== personType) throw invalidLink(AuthMessages.resetLinkInvalid);
        await queries.useAllAccountTokens(tx, account.id, 'reset-password');
        await sessions.endSessions(account.id, { tx });
        return (await queries.updateAccount(tx, account.id, {
          passwordHash,
          emailConfirmedAt: account.emailConfirmedAt ?? new Date(),
        }))!;
      });
    },

    googleSignInEnabled: verifyGoogleIdToken !== undefined,

    /**
     * Verifies a Google id token and finds the customer it belongs to, or creates one; an
     * unconfirmed account of the address is taken over, a confirmed one refused (409, decision 055).
     */
    async signInWithGoogle(idToken: string, nonce: string, ianaZone?: string): Promise<Account> {
      return findOrCreateGoogleCustomer(await verifiedGoogleIdentity(idToken, nonce), ianaZone);
    },

    /**
     * The signed-in customer links Google sign-in to their account (decision 055), with a token
     * checked as sign-in checks it. The Google account must use the customer's own e-mail address
     * (so a stolen access token cannot add its thief's Google account as a lasting way in) and be
     * linked to no other account; either refusal is a 409. Linking again is a no-op.
     */
    async linkGoogle(accountId: number, idToken: string, nonce: string): Promise<Account> {
      const identity = await verifiedGoogleIdentity(idToken, nonce);
      try {
        return await db.transaction(async (tx) => {
          const account = await queries.lockAccountById(tx, accountId);
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
    },

    toLoggedInUser,

    /** Makes every unused password reset link of the account stop working (e.g. after a password change). */
    async cancelResetLinks(accountId: number, { tx }: { tx: Tx }): Promise<void> {
      await queries.useAllAccountTokens(tx, accountId, 'reset-password');
    },

    /** Forgets the account's mailed links (confirmation, password reset), used or not. */
    async forgetLinks(accountId: number, { tx }: { tx: Tx }): Promise<void> {
      await queries.deleteAccountTokens(tx, accountId);
    },

    /** Where the account's mail goes, read in the caller's transaction; null once it was deleted (anonymised). */
    async mailAddress(accountId: number, { tx }: { tx: Tx }): Promise<string | null> {
      const account = await queries.findAccountById(tx, accountId);
      return account && !account.deletedAt ? account.emailAddress : null;
    },
  };
}
