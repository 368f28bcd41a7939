import type { FastifyBaseLogger } from 'fastify';
import type { PersonType } from '@bookshop/contracts/enums';
import type { Tx } from '../../platform/db.ts';
import { HttpProblem } from '../../platform/errors.ts';
import { findAccount, type Account } from '../auth/accounts-service.ts';
import { sessionEnded } from '../auth/sessions-service.ts';

/**
 * The account behind an access token, of the person type the route serves; 401 once it is
 * deleted (its last token outlives it). `lock` holds its row for the rest of `tx`.
 */
export async function liveAccount(tx: Tx, personType: PersonType, id: number, lock = false): Promise<Account> {
  const account = await findAccount(id, { tx, lock });
  if (!account || account.deletedAt || account.personType !== personType) throw sessionEnded();
  return account;
}

/** A 400 naming one field, worded for the toast as well as for the field. */
export const fieldProblem = (field: string, message: string) =>
  new HttpProblem(400, 'Validation Failed', message, { [field]: [message] });

/** Files are not part of the transaction: a failed removal leaves an unused file, never a broken profile. */
export const removeQuietly = (log: FastifyBaseLogger, work: Promise<void>, accountId: number) =>
  work.catch((error: unknown) => log.warn({ err: error, accountId }, 'could not remove avatar files'));
