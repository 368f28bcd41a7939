import { AuthMessages, ProblemType } from '@bookshop/contracts/auth';
import type { PersonType } from '@bookshop/contracts/enums';
import type { Database, Tx } from '../../platform/db.ts';
import { HttpProblem } from '../../platform/errors.ts';
import type { PasswordHasher } from '../../platform/password.ts';
import { hashOpaqueToken } from '../../platform/tokens.ts';
import { invalidLink } from './mailed-links.ts';
import * as queries from './queries.ts';
import type { SessionsService } from './sessions-service.ts';

type CredentialDeps = { db: Database; passwords: PasswordHasher };

const invalidCredentials = () =>
  new HttpProblem(
    400,
    AuthMessages.loginFailedTitle,
    AuthMessages.invalidCredentials,
    undefined,
    ProblemType.invalidCredentials,
  );

/** The account whose credentials these are; one generic problem for any mismatch. */
export async function checkCredentials(
  { db, passwords }: CredentialDeps,
  personType: PersonType,
  emailAddress: string,
  password: string,
): Promise<queries.Account> {
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
}

/**
 * Sets a new password from a reset link. Opening the mailed link proves the address, so it
 * also confirms it. Every session of the account ends, and other reset links stop working.
 */
export async function resetPassword(
  { db, passwords, sessions }: CredentialDeps & { sessions: Pick<SessionsService, 'endSessions'> },
  personType: PersonType,
  token: string,
  password: string,
): Promise<queries.Account> {
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
}

/** Makes every unused password reset link of the account stop working (e.g. after a password change). */
export async function cancelResetLinks(accountId: number, { tx }: { tx: Tx }): Promise<void> {
  await queries.useAllAccountTokens(tx, accountId, 'reset-password');
}

/** Forgets the account's mailed links (confirmation, password reset), used or not. */
export async function forgetLinks(accountId: number, { tx }: { tx: Tx }): Promise<void> {
  await queries.deleteAccountTokens(tx, accountId);
}
