import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { count, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT, type PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseTimeouts } from './config.ts';
import { FencedReadPool, READ_REPLICA } from './read-replica.ts';

/** One Drizzle database, whether PGlite (embedded) or a PostgreSQL server behind it. */
export type Database = PgDatabase<PgQueryResultHKT>;
/** What a query function accepts: the database or a transaction inside it. */
export type Tx = Pick<Database, 'execute' | 'select' | 'insert' | 'update' | 'delete' | 'transaction'>;

/**
 * Reads that do not depend on each other, given as functions that start them. On the database they
 * run side by side, each on a connection of the pool; inside a transaction, which is one
 * connection, one after another: pg queues a query sent while another runs on the same client,
 * and deprecates it (pg 9 refuses it).
 */
export async function readTogether<T extends readonly unknown[]>(
  tx: Tx,
  ...reads: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  if (!(tx instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

/**
 * Where reads that may lag a moment go (decision 098): the storefront's catalogue reads, the
 * catalogue index's changes, the sitemap and the dashboard. A streaming replica when
 * DATABASE_READ_URL is set, else the primary itself.
 */
export type ReadDatabase = {
  db: Database;
  /** The primary committed a change readers must see (a notice arrived): later reads wait until the replica has it. */
  sawCommit(): void;
};

/** The primary as its own read database: no replica, nothing to wait for. */
export const readFromPrimary = (db: Database): ReadDatabase => ({ db, sawCommit: () => undefined });

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
  variable = 'DATABASE_URL',
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
    throw new Error(`Cannot connect to ${variable} (${redact(databaseUrl)}): ${(error as Error).message}`);
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

/**
 * The read database of decision 098 on `primary`: a pool on the streaming standby at `readUrl`
 * (DATABASE_READ_URL), its reads fenced by the primary's WAL position (read-replica.ts). Refuses,
 * in one line, a server that is not a hot standby of this primary: its answers could never be
 * known to be current.
 */
export async function openReadDatabase(
  readUrl: string,
  primary: DatabaseHandle,
  options: {
    timeouts?: DatabaseTimeouts;
    log?: { warn(message: string): void; info(message: string): void };
    maxWaitMs?: number;
  } = {},
): Promise<ReadDatabase & { pool: FencedReadPool; close(): Promise<void> }> {
  if (primary.kind !== 'postgres') throw new Error('DATABASE_READ_URL needs DATABASE_URL: PGlite has no replicas');
  const primaryPool = (primary as DatabaseHandle & { pool: pg.Pool }).pool;
  const replica = await openPostgres(readUrl, 10, options.timeouts, 'DATABASE_READ_URL');
  const identity =
    'select pg_is_in_recovery() as standby, (select system_identifier::text from pg_control_system()) as system';
  try {
    const [
      {
        rows: [standby],
      },
      {
        rows: [own],
      },
    ] = await Promise.all([
      replica.pool.query<{ standby: boolean; system: string }>(identity),
      primaryPool.query<{ standby: boolean; system: string }>(identity),
    ]);
    const problem = !standby!.standby
      ? 'it is not a hot standby (pg_is_in_recovery() is false)'
      : standby!.system !== own!.system
        ? 'it is a standby of another cluster than DATABASE_URL'
        : undefined;
    if (problem) throw new Error(`Cannot use DATABASE_READ_URL (${redact(readUrl)}): ${problem}`);
  } catch (error) {
    await replica.close();
    throw error;
  }
  const pool = new FencedReadPool(replica.pool, primaryPool, options.log ?? console, {
    ...READ_REPLICA,
    ...(options.maxWaitMs !== undefined && { maxWaitMs: options.maxWaitMs }),
  });
  // A replica far behind at start-up must not fill the caches with what the primary changed long ago.
  pool.sawCommit();
  return {
    db: drizzlePg({ client: pool as unknown as pg.Pool }) as unknown as Database,
    pool,
    sawCommit: () => pool.sawCommit(),
    close: () => {
      pool.close();
      return replica.close();
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
