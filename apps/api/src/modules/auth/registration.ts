import { AuthMessages, type PreferredLanguage } from '@bookshop/contracts/auth';
import { PersonType, RoleName } from '@bookshop/contracts/enums';
import { Messages } from '@bookshop/contracts/messages';
import { isUniqueViolation, type Database, type Tx } from '../../platform/db.ts';
import { conflict, HttpProblem } from '../../platform/errors.ts';
import type { PasswordHasher } from '../../platform/password.ts';
import { hashOpaqueToken } from '../../platform/tokens.ts';
import { invalidLink, mailLink, type MailedLinkDeps } from './mailed-links.ts';
import * as queries from './queries.ts';

export type NewAccountInput = {
  personType: PersonType;
  emailAddress: string;
  userName: string;
  password: string;
  firstName?: string;
  lastName?: string;
  ianaZone?: string;
  /** Customers only: the language of their e-mails; English when left out (and for staff). */
  preferredLanguage?: PreferredLanguage;
  /** Staff only; registration gives New User. */
  role?: RoleName;
  /** Scripts, seeds and tests create accounts that need no confirmation mail. */
  confirmed?: boolean;
};

type RegistrationDeps = MailedLinkDeps & { db: Database; passwords: PasswordHasher };

/** 409 naming every taken field, e.g. both e-mail and user name. */
async function assertAvailable(tx: Tx, personType: PersonType, emailAddress: string, userName: string) {
  const errors: Record<string, string[]> = {};
  if (await queries.findAccountByEmail(tx, personType, emailAddress))
    errors.emailAddress = [Messages.emailAlreadyRegistered(emailAddress)];
  if (await queries.isUserNameTaken(tx, personType, userName)) errors.userName = [AuthMessages.userNameTaken(userName)];
  const messages = Object.values(errors).flat();
  if (messages.length) throw new HttpProblem(409, 'Already Registered', messages.join(' '), errors);
}

async function insertNew(tx: Tx, input: NewAccountInput, passwordHash: string) {
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
      preferredLanguage: (input.personType === PersonType.Customer && input.preferredLanguage) || 'en',
      emailConfirmedAt: input.confirmed ? new Date() : null,
    });
  } catch (error) {
    // Another request registered the same address or name between our check and insert.
    if (isUniqueViolation(error)) throw conflict(Messages.emailAlreadyRegistered(input.emailAddress));
    throw error;
  }
}

/** Registers a local account and queues its confirmation mail; the account cannot log in until confirmed. */
export async function register(deps: RegistrationDeps, input: NewAccountInput): Promise<queries.Account> {
  const passwordHash = await deps.passwords.hash(input.password);
  const account = await deps.db.transaction(async (tx) => {
    const created = await insertNew(tx, { ...input, confirmed: false }, passwordHash);
    await mailLink(deps, tx, created, 'confirm-email');
    return created;
  });
  deps.mailer.wake();
  return account;
}

export async function isEmailRegistered(
  { db }: { db: Database },
  personType: PersonType,
  emailAddress: string,
): Promise<boolean> {
  return (await queries.findAccountByEmail(db, personType, emailAddress)) !== undefined;
}

/**
 * Uses a confirmation id (single use, 24 h) and marks the address confirmed. A link of an
 * account that is confirmed already (opened again, or an older mail) answers as confirmed
 * even when spent or expired: the mail reached its owner, and saying "invalid" would only confuse.
 */
export async function confirmEmail(
  { db }: { db: Database },
  personType: PersonType,
  id: string,
): Promise<{ account: queries.Account; alreadyConfirmed: boolean }> {
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
}
