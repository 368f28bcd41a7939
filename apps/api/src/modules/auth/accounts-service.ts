import type { LoggedInUser } from '@bookshop/contracts/auth';
import type { LoginProvider, PersonType, RoleName } from '@bookshop/contracts/enums';
import { permissionsOf } from '@bookshop/contracts/roles';
import type { Tx } from '../../platform/db.ts';
import type { Recipient } from '../../platform/mail-language.ts';
import { cancelResetLinks, checkCredentials, forgetLinks, resetPassword } from './credentials.ts';
import { linkGoogle, signInWithGoogle, type GoogleAccountDeps, type NewGoogleCustomer } from './google-accounts.ts';
import { mailLinkTo, recipientOf, type MailedLinkDeps } from './mailed-links.ts';
import * as queries from './queries.ts';
import { confirmEmail, isEmailRegistered, register } from './registration.ts';
import type { PasswordHasher } from '../../platform/password.ts';

export type Account = queries.Account;

/** Who an account is, as every answer about one (the logged-in user, a staff member) starts. */
export function accountIdentity(account: Account) {
  return {
    id: account.id,
    emailAddress: account.emailAddress,
    userName: account.userName,
    firstName: account.firstName,
    lastName: account.lastName,
    imageUrl: account.imageUrl,
  };
}

function toLoggedInUser(account: Account, token: string): LoggedInUser {
  return {
    ...accountIdentity(account),
    personType: account.personType as PersonType,
    loginProvider: account.loginProvider as LoginProvider,
    role: account.role as RoleName | null,
    permissions: permissionsOf(account.role as RoleName | null),
    token,
  };
}

/** The columns an account holder changes on their own profile, and what a customer's deletion clears. */
export type AccountChanges = Partial<
  Pick<
    queries.NewAccount,
    | 'emailAddress'
    | 'userName'
    | 'firstName'
    | 'lastName'
    | 'imageUrl'
    | 'ianaZone'
    | 'preferredLanguage'
    | 'passwordHash'
    | 'googleSubject'
    | 'emailConfirmedAt'
    | 'deletedAt'
  >
>;

/**
 * The account row for the modules that keep its profile columns (customers, staff profiles), in
 * the caller's transaction; `lock` holds it for the rest of `tx` (profile and password changes, deletion).
 */
export const findAccount = (id: number, { tx, lock = false }: { tx: Tx; lock?: boolean }) =>
  queries.findAccountById(tx, id, { lock });

export const updateAccount = (id: number, changes: AccountChanges, { tx }: { tx: Tx }) =>
  queries.updateAccount(tx, id, changes);

/** Whether another account of the person type uses `userName` in any case; the account `exceptId` may keep its own. */
export const isUserNameTaken = (
  personType: PersonType,
  userName: string,
  { tx, exceptId }: { tx: Tx; exceptId: number },
) => queries.isUserNameTaken(tx, personType, userName, exceptId);

/**
 * Where the customer's mail goes, whom it greets and its language (decision 094), read in the
 * caller's transaction; null once deleted.
 */
export async function mailRecipient(accountId: number, { tx }: { tx: Tx }): Promise<Recipient | null> {
  const account = await queries.findAccountById(tx, accountId);
  return account && !account.deletedAt ? recipientOf(account) : null;
}

/** Whom to write to and whom a parcel is handed to, read together in the caller's transaction. */
export type Contact = { emailAddress: string; fullName: string };

/**
 * Where the account's mail goes, and the holder's full name ('Layla Haddad', else their user
 * name): whom a parcel is handed to when the address names nobody else (decision 079). One read of
 * the few columns these need; null once the account was deleted (anonymised).
 */
export async function contact(accountId: number, { tx }: { tx: Tx }): Promise<Contact | null> {
  const account = await queries.findContact(tx, accountId);
  if (!account || account.deletedAt) return null;
  const fullName = [account.firstName, account.lastName].filter(Boolean).join(' ').trim() || account.userName;
  return { emailAddress: account.emailAddress, fullName };
}

/** Who did it, for a row another module shows staff (the stock ledger): user names by account id. */
export async function userNames(ids: number[], { tx }: { tx: Tx }): Promise<Map<number, string>> {
  const rows = await queries.listUserNames(tx, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row.userName]));
}

type Deps = MailedLinkDeps & GoogleAccountDeps & { passwords: PasswordHasher };

export type AccountsService = ReturnType<typeof createAccountsService>;

/**
 * Identity for both person types, each use case in its own file: registration and confirmation
 * (registration.ts), login checks and password reset (credentials.ts), Google sign-in
 * (google-accounts.ts). This object hands them their dependencies.
 */
export function createAccountsService(deps: Deps) {
  return {
    register: (input: Parameters<typeof register>[1]) => register(deps, input),
    isEmailRegistered: (personType: PersonType, emailAddress: string) =>
      isEmailRegistered(deps, personType, emailAddress),
    confirmEmail: (personType: PersonType, id: string) => confirmEmail(deps, personType, id),
    /** Sends a new confirmation link to an unconfirmed account; silently does nothing otherwise. */
    resendConfirmation: (personType: PersonType, emailAddress: string) =>
      mailLinkTo(deps, personType, emailAddress, 'confirm-email', (account) => !account.emailConfirmedAt),
    checkCredentials: (personType: PersonType, emailAddress: string, password: string) =>
      checkCredentials(deps, personType, emailAddress, password),
    /** Mails a reset link (single use, 30 min) when the account exists; the caller answers the same either way. */
    requestPasswordReset: (personType: PersonType, emailAddress: string) =>
      mailLinkTo(deps, personType, emailAddress, 'reset-password'),
    resetPassword: (personType: PersonType, token: string, password: string) =>
      resetPassword(deps, personType, token, password),
    googleSignInEnabled: deps.verifyGoogleIdToken !== undefined,
    signInWithGoogle: (idToken: string, nonce: string, newCustomer: NewGoogleCustomer) =>
      signInWithGoogle(deps, idToken, nonce, newCustomer),
    linkGoogle: (accountId: number, idToken: string, nonce: string) => linkGoogle(deps, accountId, idToken, nonce),
    toLoggedInUser,
    contact,
    mailRecipient,
    userNames,
    cancelResetLinks,
    forgetLinks,
  };
}
