import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Tx } from '../../platform/db.ts';

/**
 * Tells every instance that the catalogue changed, so each forgets its cached lists, searches and
 * names (docs/decisions/032-catalogue-writes.md). A staff write calls `notify(tx)` inside its
 * transaction: PostgreSQL delivers a NOTIFY only when that transaction commits, so no instance
 * hears of a change it cannot read yet, and a rolled-back write tells nobody. Each instance keeps
 * one dedicated connection LISTENing on the channel (a pooled connection would stop listening
 * when it went back to the pool) and reconnects when it drops; after a reconnect it clears its
 * caches, since a notification may have been missed meanwhile.
 *
 * PGlite is one process's private database: every service built on it shares one set of caches,
 * so the local clear the writer does is all it needs.
 */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

export type CatalogueInvalidation = {
  /** Queues the notification in the writer's transaction; it is sent when the transaction commits. */
  notify(tx: Tx): Promise<void>;
  /** Stops listening (the app is closing). */
  close(): Promise<void>;
};

type Log = { warn(message: string): void; info(message: string): void };

/** No listener: notifying only the caller's own caches (PGlite, tests without a server). */
export const localInvalidation: CatalogueInvalidation = {
  notify: async () => undefined,
  close: async () => undefined,
};

/**
 * Listens on `connectionString` and calls `onChange` for every notification from any instance,
 * this one included (clearing twice is harmless). Resolves once the first LISTEN is in place.
 */
export async function listenForCatalogueChanges(options: {
  connectionString: string;
  onChange: () => void;
  log: Log;
}): Promise<CatalogueInvalidation> {
  const { connectionString, onChange, log } = options;
  let client: pg.Client | undefined;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) onChange();
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
          onChange();
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
    async notify(tx) {
      await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

/**
 * The invalidation for this database: LISTEN/NOTIFY on a PostgreSQL server (the pool drizzle
 * runs on tells where), local only on PGlite.
 */
export async function catalogueInvalidationFor(
  db: unknown,
  onChange: () => void,
  log: Log,
): Promise<CatalogueInvalidation> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return localInvalidation;
  const { connectionString } = client.options as { connectionString?: string };
  if (!connectionString) return localInvalidation;
  return listenForCatalogueChanges({ connectionString, onChange, log });
}
