import type { FastifyBaseLogger } from 'fastify';
import type { PersonType, RoleName } from '@bookshop/contracts/enums';
import type { AccessTokens, AccountStateLookup } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { createPasswordHasher } from '../../platform/password.ts';
import { createAccountsService } from './accounts-service.ts';
import { createGoogleIdTokenVerifier } from './google-id-tokens.ts';
import { prepareAccountState } from './queries.ts';
import { createSessionsService } from './sessions-service.ts';

/** Largest `serial` id; a larger token subject names no account (and must not reach the database). */
const MAX_ACCOUNT_ID = 2_147_483_647;
/** A refresh-token family id is a uuid column; anything else names no session (and must not reach the database). */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The guards' view of an account (platform/auth.ts): person type, current role, deleted or not,
 * and whether the token's session is still live — one indexed read per request, on the shared
 * database, so a logout on any instance ends the access token on every instance (decision 056).
 */
export function createAccountStateLookup(db: Database): AccountStateLookup {
  const accountState = prepareAccountState(db);
  return async (id, sessionId) => {
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ACCOUNT_ID || !SESSION_ID.test(sessionId)) return undefined;
    const [row] = await accountState.execute({ id, sessionId });
    return (
      row && {
        personType: row.personType as PersonType,
        role: row.role as RoleName | null,
        deleted: row.deletedAt !== null,
        sessionLive: row.sessionLive,
      }
    );
  };
}

/** The account services wired from configuration; app.ts passes them to the routes that need them. */
export function createAuthServices(deps: {
  config: Config;
  db: Database;
  mailer: Mailer;
  accessTokens: AccessTokens;
  log: FastifyBaseLogger;
}) {
  const { config, db, mailer, accessTokens, log } = deps;
  const sessions = createSessionsService({ db, accessTokens, log });
  const passwords = createPasswordHasher(config.passwordHashCost);
  const accounts = createAccountsService({
    db,
    passwords,
    mailer,
    sessions,
    publicUrl: config.publicUrl,
    verifyGoogleIdToken: config.googleClientId
      ? createGoogleIdTokenVerifier({
          clientId: config.googleClientId,
          jwksUrl: config.googleJwksUrl,
          issuer: config.googleIssuer,
        })
      : undefined,
  });
  // Secure cookies need https; a plain-http local set-up would otherwise never get its session back.
  const cookies = { secure: config.publicUrl.startsWith('https:') };
  return { accounts, sessions, passwords, cookies };
}
