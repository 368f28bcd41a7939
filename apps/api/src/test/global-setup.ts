import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPglite, openPostgres } from '../platform/db.ts';
import { TEMPLATE_DATABASE } from './database.ts';

/**
 * Migrates one template database before the API tests; each test file then clones it
 * (PGlite: a data-directory dump; PostgreSQL: CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const admin = await openPostgres(serverUrl, 1);
    await admin.pool.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.pool.query(`create database ${TEMPLATE_DATABASE}`);
    const template = await openPostgres(withDatabase(serverUrl, TEMPLATE_DATABASE), 1);
    await migrateDatabase(template);
    await template.close();
    await admin.close();
    project.provide('databaseTemplate', { kind: 'postgres', serverUrl });
    return;
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
