import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../platform/api-prefix.ts';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { sessionRoutes } from './routes.ts';
import { createAuthServices } from './services.ts';

export type AuthServices = ReturnType<typeof createAuthServices>;

/**
 * Accounts, sessions and passwords, and the session routes shared by customers and staff. Named
 * apart from platform/auth.ts's `registerAuth`, the guards every module's routes use.
 */
export async function registerAccounts(
  app: FastifyInstance,
  { config, db, mailer, testMode }: { config: Config; db: Database; mailer: Mailer; testMode: boolean },
): Promise<AuthServices> {
  const auth = createAuthServices({ config, db, mailer, accessTokens: app.accessTokens, log: app.log });
  await app.register(sessionRoutes, {
    prefix: API_PREFIX,
    ...auth,
    googleClientId: config.googleClientId,
    testMode,
  });
  return auth;
}
