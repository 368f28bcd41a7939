import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AuthMessages, ProblemType } from '@bookshop/contracts/auth';
import type { PersonType, RoleName } from '@bookshop/contracts/enums';
import type { AccessTokens } from '../../platform/auth.ts';
import type { Database, Tx } from '../../platform/db.ts';
import { HttpProblem } from '../../platform/errors.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/tokens.ts';
import * as queries from './queries.ts';

/** A refresh token lives 30 days from its last use… */
export const REFRESH_TOKEN_TTL_DAYS = 30;
/** …and a session (its family) 90 days from the login, however often it is refreshed. */
export const SESSION_MAX_DAYS = 90;
/**
 * Two tabs refreshing at once both present the same cookie; the loser arrives just after the
 * winner rotated it. Within this window, and while the winner's token is still unused, the
 * loser gets an access token (no new cookie: the browser already holds the winner's). Later
 * reuse, or reuse after the successor was used, is treated as theft and ends the session.
 */
export const CONCURRENT_REFRESH_GRACE_SECONDS = 10;

export const sessionEnded = () =>
  new HttpProblem(401, 'Unauthorized', AuthMessages.sessionEnded, undefined, ProblemType.sessionEnded);

/** `passwordHash`, when given, is the hash the caller verified: a login whose password changed meanwhile starts nothing. */
type SessionAccount = Pick<queries.Account, 'id' | 'personType' | 'role'> &
  Partial<Pick<queries.Account, 'passwordHash'>>;

export type StartedSession = { accessToken: string; refreshToken: string; sessionId: string; refreshExpiresAt: Date };

export type RefreshResult =
  | { kind: 'rotated'; account: queries.Account; accessToken: string; refreshToken: string; refreshExpiresAt: Date }
  /** The concurrent-refresh case: a new access token, and the cookie is left as it is. */
  | { kind: 'concurrent'; account: queries.Account; accessToken: string };

type Outcome =
  | { kind: 'ended' }
  | { kind: 'reused'; accountId: number; familyId: string }
  | { kind: 'concurrent'; account: queries.Account; familyId: string }
  | { kind: 'rotated'; account: queries.Account; familyId: string; refreshToken: string; refreshExpiresAt: Date };

export type SessionsDeps = { db: Database; accessTokens: AccessTokens; log: FastifyBaseLogger };

const signFor = ({ accessTokens }: SessionsDeps, account: SessionAccount, sessionId: string) =>
  accessTokens.sign({
    id: account.id,
    personType: account.personType as PersonType,
    role: account.role as RoleName | null,
    sessionId,
  });

/** Logs `account` in: a new session with its first refresh token, and an access token. */
export async function startSession(deps: SessionsDeps, account: SessionAccount): Promise<StartedSession> {
  const familyId = randomUUID();
  const { token, hash } = newOpaqueToken();
  const row = await deps.db.transaction(async (tx) => {
    const now = await queries.lockAccountSessions(tx, account.id, 'share');
    if (!now || now.deletedAt || (account.passwordHash !== undefined && now.passwordHash !== account.passwordHash))
      throw sessionEnded();
    await queries.deleteEndedRefreshTokens(tx, account.id);
    return queries.insertRefreshToken(tx, {
      accountId: account.id,
      familyId,
      hash,
      ttlDays: REFRESH_TOKEN_TTL_DAYS,
      familyTtlDays: SESSION_MAX_DAYS,
    });
  });
  return {
    accessToken: await signFor(deps, account, familyId),
    refreshToken: token,
    sessionId: familyId,
    refreshExpiresAt: row.expiresAt,
  };
}

/** What a presented refresh token comes to, decided under the account's and the token's locks. */
async function rotate(tx: Tx, refreshToken: string): Promise<Outcome> {
  const presentedHash = hashOpaqueToken(refreshToken);
  const presented = await queries.findRefreshTokenByHash(tx, presentedHash);
  if (!presented) return { kind: 'ended' };
  await queries.lockAccountSessions(tx, presented.accountId, 'share');
  const current = await queries.lockRefreshToken(tx, presentedHash);
  if (!current || current.revokedAt) return { kind: 'ended' };
  const now = Date.now();

  if (current.rotatedAt) {
    const successor = current.replacedById ? await queries.findRefreshTokenById(tx, current.replacedById) : undefined;
    const concurrent =
      successor &&
      !successor.rotatedAt &&
      !successor.revokedAt &&
      now - current.rotatedAt.getTime() <= CONCURRENT_REFRESH_GRACE_SECONDS * 1000;
    if (!concurrent) {
      // A rotated token came back: someone holds a copy. End the whole session.
      await queries.revokeFamily(tx, current.familyId);
      return { kind: 'reused', accountId: current.accountId, familyId: current.familyId };
    }
    const account = await queries.findAccountById(tx, current.accountId);
    return account ? { kind: 'concurrent', account, familyId: current.familyId } : { kind: 'ended' };
  }

  if (current.expiresAt.getTime() <= now) return { kind: 'ended' };
  const account = await queries.findAccountById(tx, current.accountId);
  if (!account) return { kind: 'ended' };
  const { token, hash } = newOpaqueToken();
  const next = await queries.insertRefreshToken(tx, {
    accountId: current.accountId,
    familyId: current.familyId,
    hash,
    ttlDays: REFRESH_TOKEN_TTL_DAYS,
    familyExpiresAt: current.familyExpiresAt,
    familyTtlDays: SESSION_MAX_DAYS,
  });
  await queries.markRefreshTokenRotated(tx, current.id, next.id);
  return {
    kind: 'rotated',
    account,
    familyId: current.familyId,
    refreshToken: token,
    refreshExpiresAt: next.expiresAt,
  };
}

/** Rotates a refresh token; throws 401 for an unknown, expired, revoked or reused one. */
export async function refreshSession(deps: SessionsDeps, refreshToken: string): Promise<RefreshResult> {
  const outcome = await deps.db.transaction((tx) => rotate(tx, refreshToken));
  switch (outcome.kind) {
    case 'ended':
      throw sessionEnded();
    case 'reused':
      deps.log.warn(
        { accountId: outcome.accountId, familyId: outcome.familyId },
        'refresh token reused; session revoked',
      );
      throw sessionEnded();
    case 'concurrent':
      return {
        kind: 'concurrent',
        account: outcome.account,
        accessToken: await signFor(deps, outcome.account, outcome.familyId),
      };
    case 'rotated':
      return {
        kind: 'rotated',
        account: outcome.account,
        accessToken: await signFor(deps, outcome.account, outcome.familyId),
        refreshToken: outcome.refreshToken,
        refreshExpiresAt: outcome.refreshExpiresAt,
      };
  }
}

/** Logout: ends the session the refresh token belongs to. Unknown tokens are ignored. */
export async function endSession({ db }: SessionsDeps, refreshToken: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await queries.lockRefreshToken(tx, hashOpaqueToken(refreshToken));
    if (row) await queries.revokeFamily(tx, row.familyId);
  });
}

/**
 * Ends every session of an account — all but `exceptSessionId` (the caller's own, from
 * `userOf(request).sessionId`) when given. For password changes, password resets and
 * account deletion; pass `tx` to make it part of that change. The sessions' access tokens
 * stop working at once: every request checks its session (platform/auth.ts, decision 056).
 */
export async function endSessions(
  { db }: SessionsDeps,
  accountId: number,
  options: { exceptSessionId?: string; tx?: Tx } = {},
): Promise<void> {
  const end = async (tx: Tx) => {
    await queries.lockAccountSessions(tx, accountId, 'update');
    await queries.revokeAccountFamilies(tx, accountId, options.exceptSessionId);
  };
  await (options.tx ? end(options.tx) : db.transaction(end));
}

export type SessionsService = ReturnType<typeof createSessionsService>;

/** Sessions are refresh-token families (docs/decisions/004-sessions-and-tokens.md); the use cases above, bound. */
export function createSessionsService(deps: SessionsDeps) {
  return {
    start: (account: SessionAccount) => startSession(deps, account),
    refresh: (refreshToken: string) => refreshSession(deps, refreshToken),
    end: (refreshToken: string) => endSession(deps, refreshToken),
    endSessions: (accountId: number, options?: { exceptSessionId?: string; tx?: Tx }) =>
      endSessions(deps, accountId, options),
  };
}
