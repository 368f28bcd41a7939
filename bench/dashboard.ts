import { randomBytes } from 'node:crypto';
import { PersonType, RoleName } from '../packages/contracts/src/enums.ts';
import { insertAccount } from '../apps/api/src/modules/auth/queries.ts';
import { createAccessTokens } from '../apps/api/src/platform/auth.ts';
import { openPostgres } from '../apps/api/src/platform/db.ts';

/**
 * The dashboard scenario's caller: a Supervisor put straight into the database, with an access
 * token signed by the server's own secret (the scenario measures the dashboard, not logging in).
 */
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
    const token = await createAccessTokens(jwtSecret).sign({
      id: account.id,
      personType: PersonType.Internal,
      role: RoleName.Supervisor,
      sessionId: `bench-staff-${run}`,
    });
    return { authorization: `Bearer ${token}` };
  } finally {
    await handle.close();
  }
}
