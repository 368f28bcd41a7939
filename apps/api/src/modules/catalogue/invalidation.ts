import { sql, type SQL } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Tx } from '../../platform/db.ts';

/**
 * The one after-commit hook of the catalogue's caches (docs/decisions/032-catalogue-writes.md,
 * 064-search-module-and-catalogue-caches.md). Whatever changes books (staff writes, stock taken or
 * put back by checkout, a new rating) announces it inside its own transaction with
 * `announceCatalogueChange(tx)`: a NOTIFY, which PostgreSQL and PGlite deliver only when that
 * transaction commits, so no instance hears of a change it cannot read yet and a rolled-back write
 * tells nobody. `listenForCatalogueChanges` (wired once in app.ts) hears it and clears the caches:
 *
 * - on PGlite, through the client's own listener, before the commit returns to the writer;
 * - on a PostgreSQL server, this instance's notices on the writing connection itself (it LISTENs,
 *   and the server hands a session its own notices with the commit's answer), so a writer reads its
 *   change at once; other instances' notices on one dedicated connection LISTENing (a pooled
 *   connection would stop listening when it went back to the pool), which reconnects when it drops
 *   and then clears the caches, since a notice may have been missed meanwhile.
 */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

/**
 * Who must hear a change at once: every instance (staff writes, ratings), or this one only (stock
 * moved by a checkout: other instances read it within the index's maximum age, decision 050, so a
 * burst of sales does not empty every instance's caches).
 */
export type ChangeReach = 'everywhere' | 'here';

/**
 * The notice as an expression, for a statement that already writes what it announces (a sale's
 * copies taken, stock-service.ts; its transaction sends `hearOwnNotice` too): selected once or many
 * times in one transaction, it is delivered once when the transaction commits (PostgreSQL folds
 * equal notices of a transaction).
 */
export const catalogueNotice = (reach: ChangeReach): SQL => sql`pg_notify(${CATALOGUE_CHANNEL}, ${reach})`;

/**
 * Lets a server hand the writing session its own notice: a no-op once the session listens, and it
 * takes effect with the commit that delivers the notice. Every transaction that announces sends it.
 */
export async function hearOwnNotice(tx: Tx): Promise<void> {
  await tx.execute(sql.raw(`listen ${CATALOGUE_CHANNEL}`));
}

/** Queues the notice in the writer's transaction; it is delivered when the transaction commits. */
export async function announceCatalogueChange(tx: Tx, reach: ChangeReach = 'everywhere'): Promise<void> {
  await hearOwnNotice(tx);
  await tx.execute(sql`select ${catalogueNotice(reach)}`);
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

export type CatalogueChangeListener = {
  /** Stops listening (the app is closing). */
  close(): Promise<void>;
};

type Log = { warn(message: string): void; info(message: string): void };

/**
 * Listens on `connectionString` and calls `onChange` for every notice meant for every instance,
 * this one's included (clearing twice is harmless). Resolves once the first LISTEN is in place.
 */
async function listenOnDedicatedConnection(options: {
  connectionString: string;
  onChange: OnChange;
  log: Log;
}): Promise<CatalogueChangeListener> {
  const { connectionString, onChange, log } = options;
  let client: pg.Client | undefined;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL && message.payload !== ('here' satisfies ChangeReach))
        onChange('everywhere');
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      next.removeAllListeners('end');
      next.end().catch(() => undefined);
      if (closed) return;
      log.warn(`Catalogue change listener lost (${error?.message ?? 'connection ended'}); reconnecting.`);
      schedule();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    await next.query(`listen ${CATALOGUE_CHANNEL}`);
    client = next;
  }

  function schedule() {
    timer = setTimeout(() => {
      timer = undefined;
      connect().then(
        () => {
          delay = RECONNECT_MIN_MS;
          log.info('Catalogue change listener reconnected.');
          // Changes made while we were away were not heard: start afresh.
          onChange('everywhere');
        },
        (error: Error) => {
          if (closed) return;
          log.warn(`Catalogue change listener cannot reconnect yet (${error.message}).`);
          delay = Math.min(delay * 2, RECONNECT_MAX_MS);
          schedule();
        },
      );
    }, delay);
    timer.unref();
  }

  await connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

/** Hears a committed change, with how far it was announced. */
type OnChange = (reach: ChangeReach) => void;

const reachOf = (payload: string | undefined): ChangeReach => (payload === 'here' ? 'here' : 'everywhere');

/** Calls `onChange` once each catalogue change this instance must hear has committed (see above). */
export async function listenForCatalogueChanges(
  db: unknown,
  onChange: OnChange,
  log: Log,
): Promise<CatalogueChangeListener> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    const unlisten = await client.listen(CATALOGUE_CHANNEL, (payload) => onChange(reachOf(payload)));
    // A database closed before the app (a test of an outage) has no listener left to remove.
    return { close: () => unlisten().catch(() => undefined) };
  }
  if (!(client instanceof pg.Pool)) return { close: () => Promise.resolve() };

  // Each pooled connection hears its own notices, which arrive before its COMMIT's answer.
  const heard = new WeakSet<pg.PoolClient>();
  const hearOwnNotices = (connection: pg.PoolClient) => {
    if (heard.has(connection)) return;
    heard.add(connection);
    connection.on('notification', (message) => {
      const own = message.processId === (connection as pg.PoolClient & { processID: number | null }).processID;
      if (own && message.channel === CATALOGUE_CHANNEL) onChange(reachOf(message.payload));
    });
  };
  client.on('acquire', hearOwnNotices);
  const { connectionString } = client.options as { connectionString?: string };
  const others = connectionString
    ? await listenOnDedicatedConnection({ connectionString, onChange, log })
    : { close: () => Promise.resolve() };
  return {
    async close() {
      client.off('acquire', hearOwnNotices);
      await others.close();
    },
  };
}
