import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPglite, openPostgres } from '../platform/db.ts';

/**
 * Migrates one template database before the API tests; each test file then clones it
 * (PGlite: a data-directory dump; PostgreSQL: CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `bookshop_test_template_${process.pid}`;
    const admin = await openPostgres(serverUrl, 1);
    await admin.pool.query(`drop database if exists ${name} with (force)`);
    await admin.pool.query(`create database ${name}`);
    const template = await openPostgres(withDatabase(serverUrl, name), 1);
    await migrateDatabase(template);
    await template.close();
    await admin.close();
    project.provide('databaseTemplate', { kind: 'postgres', serverUrl, template: name });
    return async () => {
      const cleanup = await openPostgres(serverUrl, 1);
      await cleanup.pool.query(`drop database if exists ${name} with (force)`);
      await cleanup.close();
    };
  }
  const pglite = await openPglite({});
  await migrateDatabase(pglite);
  const dump = await pglite.client.dumpDataDir('none');
  await pglite.close();
  const file = path.join(os.tmpdir(), `bookshop-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { kind: 'pglite', file });
}

export function withDatabase(serverUrl: string, database: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
