import { parseArgs } from 'node:util';
import { z } from 'zod';
import { EmailSchema, PasswordSchema, UserNameSchema } from '@bookshop/contracts/auth';
import { ensureAdmin } from '../modules/auth/admin-accounts-service.ts';
import { loadConfig } from '../platform/config.ts';
import { migrateDatabase, openDatabase } from '../platform/db.ts';
import { createPasswordHasher } from '../platform/password.ts';

const USAGE = 'Usage: npm run create-admin -- --email <address> --password <password> [--username <name>]';

const ArgsSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  username: UserNameSchema.optional(),
});

/**
 * Creates the first Admin (or promotes an existing staff account and resets its password),
 * using the same database settings as the server (DATABASE_URL or DATA_DIR).
 */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, username: { type: 'string' } },
    strict: true,
  });
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`);
    throw new Error([...new Set(problems)].join('\n') + `\n${USAGE}`);
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    const { account, created } = await ensureAdmin(
      { db: database.db, passwords: createPasswordHasher(config.passwordHashCost) },
      { emailAddress: parsed.data.email, password: parsed.data.password, userName: parsed.data.username },
    );
    console.info(
      created
        ? `Created Admin ${account.emailAddress} (user name ${account.userName}). Log in at /admin/login.`
        : `${account.emailAddress} is now an Admin with the new password. Log in at /admin/login.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
