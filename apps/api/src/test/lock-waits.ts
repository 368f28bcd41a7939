import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { rows, type Database } from '../platform/db.ts';

/**
 * How many backends of this test database wait for a lock now (PostgreSQL's pg_stat_activity):
 * a locking test holds a row, starts its requests and waits until they queue behind it.
 */
export async function lockWaits(db: Database): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return row!.n;
}

/** Waits (up to 5 s) until `n` backends wait for a lock; `what` names it in the failure. */
export async function untilWaiting(db: Database, n: number, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if ((await lockWaits(db)) >= n) return;
    await sleep(25);
  }
  throw new Error(`expected ${n} requests waiting for ${what}`);
}
