import { randomBytes } from 'node:crypto';
import { PersonType, RoleName } from '../packages/contracts/src/enums.ts';
import { insertAccount } from '../apps/api/src/modules/auth/queries.ts';
import { createAccessTokens } from '../apps/api/src/platform/auth.ts';
import { startSession } from '../apps/api/src/modules/auth/sessions-service.ts';
import { openPostgres } from '../apps/api/src/platform/db.ts';

/**
 * The dashboard scenario's caller: a Supervisor put straight into the database, with an access
 * token signed by the server's own secret (the scenario measures the dashboard, not logging in).
 */
/** The sessions service logs nothing the bench needs. */
export const silentLog = { warn: () => {}, info: () => {}, error: () => {} } as unknown as Parameters<
  typeof startSession
>[0]['log'];

export async function staffHeaders(databaseUrl: string, jwtSecret: string): Promise<Record<string, string>> {
  const handle = await openPostgres(databaseUrl, 1);
  try {
    const run = randomBytes(4).toString('hex');
    const account = await insertAccount(handle.db, {
      personType: PersonType.Internal,
      role: RoleName.Supervisor,
      emailAddress: `bench-staff-${run}@example.com`,
      userName: `bench-staff-${run}`,
      firstName: null,
      lastName: null,
      passwordHash: 'not-a-login',
      emailConfirmedAt: new Date(),
    });
    // A live session: access tokens end with their refresh-token family.
    const { accessToken } = await startSession(
      { db: handle.db, accessTokens: createAccessTokens(jwtSecret), log: silentLog },
      account,
    );
    return { authorization: `Bearer ${accessToken}` };
  } finally {
    await handle.close();
  }
}
