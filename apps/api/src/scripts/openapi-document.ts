import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../platform/config.ts';
import { migrateDatabase, openPglite } from '../platform/db.ts';

/**
 * Writes the OpenAPI document of /api/docs to the file named by the first argument (or stdout),
 * built from the app itself on a throw-away in-memory database, without opening a port: what the
 * lint (`npm run lint:openapi`) and the generated client's type-check read.
 */
async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bookshop-openapi-'));
  const database = await openPglite({});
  try {
    await migrateDatabase(database);
    const config = loadConfig({ DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(32) });
    const app = await buildApp({ config, db: database.db });
    await app.ready();
    const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
    await app.close();
    const [target] = process.argv.slice(2);
    if (target) await writeFile(target, document);
    else process.stdout.write(document);
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
