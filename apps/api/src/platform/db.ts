import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { count, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseTimeouts } from './config.ts';

/** One Drizzle database, whether PGlite (embedded) or a PostgreSQL server behind it. */
export type Database = PgDatabase<PgQueryResultHKT>;
/** What a query function accepts: the database or a transaction inside it. */
export type Tx = Pick<Database, 'execute' | 'select' | 'insert' | 'update' | 'delete' | 'transaction'>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  dbTimeouts?: DatabaseTimeouts;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, 10, options.dbTimeouts)
    : openPglite({ dataDir: path.join(options.dataDir, 'pg') });
}

export async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<DatabaseHandle & { client: PGlite }> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client }) as unknown as Database;
  return {
    db,
    client,
    kind: 'pglite',
    close: () => client.close(),
  };
}

/**
 * A pool on a PostgreSQL server. Without `timeouts` (tools, benchmarks) statements may run as long
 * as they need; the server passes config.dbTimeouts, so no request waits forever.
 */
export async function openPostgres(
  databaseUrl: string,
  poolSize = 10,
  timeouts?: DatabaseTimeouts,
): Promise<DatabaseHandle & { pool: pg.Pool }> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    // Notice a server that vanished without closing the connection (network cut, host down).
    keepAlive: true,
    ...(timeouts && {
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    }),
  });
  let closing = false;
  const lost = (error: Error) => {
    if (!closing) console.warn(`PostgreSQL connection lost (${error.message}); reconnecting on the next query.`);
  };
  // A connection can be cut (server restart, failover, an administrator), idle in the pool or
  // checked out for a transaction. Without a listener on the connection Node treats the error as
  // fatal and the process dies; with it the query in flight fails (503) and the pool discards the
  // broken connection when it is released.
  pool.on('connect', (client) => client.on('error', lost));
  // The pool repeats an idle connection's error here; the listener above has reported it.
  pool.on('error', () => undefined);
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw new Error(`Cannot connect to DATABASE_URL (${redact(databaseUrl)}): ${(error as Error).message}`);
  }
  const db = drizzlePg({ client: pool }) as unknown as Database;
  return {
    db,
    pool,
    kind: 'postgres',
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}

/** Applies committed SQL migrations. On PostgreSQL an advisory lock lets many instances start at once. */
export async function migrateDatabase(handle: DatabaseHandle) {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const { pool } = handle as DatabaseHandle & { pool: pg.Pool };
  const client = await pool.connect();
  try {
    // Waiting for another instance's migration, or building an index, may take longer than a request may.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock(7345001)');
    await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock(7345001)').catch(() => {});
    // Dropped rather than pooled: requests must not inherit its lifted statement_timeout.
    client.release(true);
  }
}

/** Runs raw SQL and returns its rows, the same way on both drivers. */
export async function rows<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

/**
 * Holds a transaction-scoped advisory lock on `key` (e.g. `cart:42`) until `tx` ends: one owner's
 * changes that check a limit before writing are serialised. The builder has no words for it.
 */
export async function lockKey(tx: Pick<Database, 'execute'>, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** `ids` as a comma-separated list of bound parameters, for `in (…)` in hand-written SQL. */
export const idList = (ids: readonly number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** How many rows of `table` match `where` (all of them without it). */
export async function countRows(tx: Pick<Database, 'select'>, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

/** True when `error` (from either driver, possibly wrapped by Drizzle) broke a unique index. */
export function isUniqueViolation(error: unknown): boolean {
  let e = error;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function redact(url: string) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'unparseable URL';
  }
}
