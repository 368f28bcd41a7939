import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './platform/config.ts';
import { type DatabaseHandle, migrateDatabase, openDatabase, openReadDatabase } from './platform/db.ts';
import { readableLogs, startUpLines } from './platform/start-up.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';

/** Starts the shop: config → port → database → migrations → demo seed → HTTP. Fails fast with one line. */
async function main() {
  const config = loadConfig();
  // Migrating and seeding take seconds: a taken port should not be reported only after them.
  await assertPortFree(config);
  const database = await openDatabase(config);
  await migrateDatabase(database);
  if (config.seed === 'demo') await seedDemoIfEmpty(database.db, config);
  // Catalogue, sitemap and dashboard reads on a streaming standby (decision 098).
  const replica = config.databaseReadUrl
    ? await openReadDatabase(config.databaseReadUrl, database, { timeouts: config.dbTimeouts })
    : undefined;

  // A person at a terminal reads the logs; anything else (a log collector) gets one JSON object a line.
  const terminal = process.stdout.isTTY;
  const app = await buildApp({
    config,
    db: database.db,
    readDb: replica,
    logger: true,
    logStream: terminal ? readableLogs() : undefined,
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw portInUse(config);
    throw error;
  }
  stopOnSignals(app, replica ? [replica, database] : [database], config.shutdownTimeoutMs);
  const address = app.server.address();
  const lines = startUpLines(config, typeof address === 'object' && address ? address.port : config.port);
  if (terminal) console.info(`\n${lines.join('\n')}\n`);
  else for (const line of lines) app.log.info(line);
}

/**
 * SIGTERM/SIGINT: readiness turns 503, the server stops accepting, answers what is in flight
 * (telling keep-alive clients to go), stops the mail worker between mails, closes the database
 * and exits. Past SHUTDOWN_TIMEOUT_MS, or on a second signal, it exits at once with code 1.
 */
function stopOnSignals(app: FastifyInstance, databases: Pick<DatabaseHandle, 'close'>[], timeoutMs: number) {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal during shutdown: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal, timeoutMs }, 'shutting down: finishing requests in flight');
    setTimeout(() => {
      app.log.error(`shutdown took longer than SHUTDOWN_TIMEOUT_MS (${timeoutMs} ms); exiting anyway`);
      process.exit(1);
    }, timeoutMs).unref();
    try {
      app.startDraining();
      await app.close();
      for (const database of databases) await database.close();
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, (received) => void stop(received));
}

/** Binds the port for a moment, so a taken one stops start-up before the slow steps. */
function assertPortFree(config: Config): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? portInUse(config) : error),
    );
    probe.listen({ port: config.port, host: config.host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

const portInUse = (config: Config) => new ConfigError(`Invalid configuration: PORT ${config.port} is already in use`);

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
