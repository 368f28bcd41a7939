import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { migrateDatabase, openDatabase } from './platform/db.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';

/** Starts the shop: config → database → migrations → demo seed → HTTP. Fails fast with one line. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await migrateDatabase(database);
  if (config.seed === 'demo') await seedDemoIfEmpty(database.db, config);

  const app = await buildApp({ config, db: database.db, logger: true });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new ConfigError(`Invalid configuration: PORT ${config.port} is already in use`);
    throw error;
  }

  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void shutdown());
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
