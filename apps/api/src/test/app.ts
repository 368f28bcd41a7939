import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../app.ts';
import { createCatalogueService } from '../modules/catalogue/service.ts';
import { loadConfig, type Config } from '../platform/config.ts';
import type { Database } from '../platform/db.ts';
import { createDiskImageStore } from '../platform/storage.ts';
import { createTestDatabase } from './database.ts';

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  config: Config;
  catalogue: ReturnType<typeof createCatalogueService>;
  close(): Promise<void>;
};

/** The real application on its own cloned database and data directory. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bookshop-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED: 'none',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const app = await buildApp({ config, db: database.db });
  const catalogue = createCatalogueService({ db: database.db, images: createDiskImageStore(dataDir) });
  return {
    app,
    db: database.db,
    config,
    catalogue,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Asserts a 400 problem+json naming `field` with `message` (or any message when omitted). */
export function expectValidationError(res: LightMyRequestResponse, field: string, message?: string) {
  expect(res.statusCode).toBe(400);
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  const problem = res.json();
  expect(problem.errors, `errors of ${res.body}`).toHaveProperty(field);
  if (message) expect(problem.errors[field]).toContain(message);
}
