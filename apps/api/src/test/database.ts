import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { DatabaseTimeouts } from '../platform/config.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../platform/db.ts';

export type DatabaseTemplate =
  | { kind: 'pglite'; file: string }
  /** `template` is this run's own, so two runs on one server never drop each other's. */
  | { kind: 'postgres'; serverUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** A fresh, migrated database for one test file, cloned from the template. */
export async function createTestDatabase(timeouts?: DatabaseTimeouts): Promise<DatabaseHandle> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    const dump = await readFile(template.file);
    return openPglite({ loadDataDir: new Blob([dump]) });
  }
  const name = `bookshop_test_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(template.serverUrl, 1);
  await admin.pool.query(`create database ${name} template ${template.template}`);
  await admin.close();
  const url = new URL(template.serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 4, timeouts);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = await openPostgres(template.serverUrl, 1);
      await cleanup.pool.query(`drop database if exists ${name} with (force)`);
      await cleanup.close();
    },
  };
}
