import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/platform/config.ts';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '../apps/api/src/platform/db.ts';

/**
 * A server under test, run as a child of run.ts so the load generator's CPU does not share its
 * event loop. `app` starts the real shop the way main.ts does; `baseline <file>` serves the JSON
 * in that file from a bare Fastify route. The child reports its port over IPC once listening.
 */

export type ServerReady = { port: number };
/** The message asking a server for its `process.cpuUsage()` (a type: importing this file starts a server), and its answer. */
export type CpuUsageQuestion = 'cpu-usage';
export type CpuUsageAnswer = { cpuUsage: NodeJS.CpuUsage };

async function startApp(): Promise<{ app: FastifyInstance; database?: DatabaseHandle }> {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  await migrateDatabase(database);
  const app = await buildApp({ config, db: database.db });
  // Measure the in-memory catalogue index (decision 050), not the database fallback used while it builds.
  await app.catalogue.indexReady();
  return { app, database };
}

function startBaseline(payloadFile: string): { app: FastifyInstance; database?: DatabaseHandle } {
  const payload: unknown = JSON.parse(readFileSync(payloadFile, 'utf8'));
  const app = Fastify({ logger: false });
  // Returning the object (not a pre-serialised string) keeps JSON serialisation in the baseline's cost.
  app.get('/baseline', () => payload);
  return { app };
}

async function main() {
  const [mode, payloadFile] = process.argv.slice(2);
  const { app, database } = mode === 'baseline' && payloadFile ? startBaseline(payloadFile) : await startApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');

  const stop = async () => {
    await app.close();
    await database?.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  // The parent went away (crashed or finished): do not linger.
  process.once('disconnect', () => void stop());
  // The parent asks how much CPU this process has used, to tell each scenario's cost per request.
  process.on('message', (message) => {
    if (message === ('cpu-usage' satisfies CpuUsageQuestion))
      process.send?.({ cpuUsage: process.cpuUsage() } satisfies CpuUsageAnswer);
  });
  process.send?.({ port: address.port } satisfies ServerReady);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
