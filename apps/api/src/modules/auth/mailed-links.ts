import {
  AuthMessages,
  EMAIL_CONFIRMATION_TTL_HOURS,
  PASSWORD_RESET_TTL_MINUTES,
  ProblemType,
} from '@bookshop/contracts/auth';
import { PersonType } from '@bookshop/contracts/enums';
import { Routes } from '@bookshop/contracts/routes';
import type { Database, Tx } from '../../platform/db.ts';
import { HttpProblem } from '../../platform/errors.ts';
import { pageUrl, type Recipient } from '../../platform/mail-language.ts';
import { greetingName, type Mailer } from '../../platform/mailer.ts';
import { newOpaqueToken } from '../../platform/tokens.ts';
import { confirmEmailMail, resetPasswordMail } from './mails.ts';
import type { Account, AccountTokenPurpose } from './queries.ts';
import * as queries from './queries.ts';

export type MailedLinkDeps = { mailer: Pick<Mailer, 'enqueue' | 'wake'>; publicUrl: string };

/** Each single-use link: how long it lasts, the page it opens per person type, the mail that carries it. */
const kinds = {
  'confirm-email': {
    ttlMinutes: EMAIL_CONFIRMATION_TTL_HOURS * 60,
    param: 'id',
    page: { [PersonType.Customer]: Routes.emailConfirmation, [PersonType.Internal]: Routes.adminEmailConfirmation },
    mail: confirmEmailMail,
  },
  'reset-password': {
    ttlMinutes: PASSWORD_RESET_TTL_MINUTES,
    param: 'token',
    page: { [PersonType.Customer]: Routes.resetPassword, [PersonType.Internal]: Routes.adminResetPassword },
    mail: resetPasswordMail,
  },
} as const;

/** An account as the recipient of a mail in its language: a customer's preferred one; staff read English. */
export const recipientOf = (account: Account): Recipient => ({
  emailAddress: account.emailAddress,
  name: greetingName(account),
  language: account.personType === PersonType.Customer ? account.preferredLanguage : 'en',
});

export const invalidLink = (detail: string) =>
  new HttpProblem(400, AuthMessages.invalidLinkTitle, detail, undefined, ProblemType.invalidLink);

/** Stores a new single-use link of the account (only its hash) and queues the mail carrying it, in `tx`. */
export async function mailLink(
  { mailer, publicUrl }: MailedLinkDeps,
  tx: Tx,
  account: Account,
  purpose: AccountTokenPurpose,
): Promise<void> {
  const kind = kinds[purpose];
  const { token, hash } = newOpaqueToken();
  await queries.insertAccountToken(tx, { hash, accountId: account.id, purpose, ttlMinutes: kind.ttlMinutes });
  // A customer reads it in their language, on that language's page; staff in English (decision 094).
  const { emailAddress, name, language } = recipientOf(account);
  const page = pageUrl(publicUrl, kind.page[account.personType as PersonType], language);
  await mailer.enqueue(
    tx,
    kind.mail(language, emailAddress, name, `${page}?${kind.param}=${encodeURIComponent(token)}`),
  );
}

/**
 * Mails a new link of `purpose` when an account of the address exists and `wanted` says it
 * should get one; silently does nothing otherwise (the caller answers the same either way).
 */
export async function mailLinkTo(
  deps: MailedLinkDeps & { db: Database },
  personType: PersonType,
  emailAddress: string,
  purpose: AccountTokenPurpose,
  wanted: (account: Account) => boolean = () => true,
): Promise<void> {
  const sent = await deps.db.transaction(async (tx) => {
    const account = await queries.findAccountByEmail(tx, personType, emailAddress);
    if (!account || !wanted(account)) return false;
    await mailLink(deps, tx, account, purpose);
    return true;
  });
  if (sent) deps.mailer.wake();
}
