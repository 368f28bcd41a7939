import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import { openPostgres, rows, type DatabaseHandle } from './db.ts';
import { createJobs, type Jobs } from './jobs.ts';

let database: DatabaseHandle;
const log = Object.fromEntries(
  ['info', 'warn', 'error', 'debug', 'trace', 'fatal'].map((level) => [level, () => undefined]),
) as unknown as FastifyBaseLogger;
const started: Jobs[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
afterEach(async () => {
  await Promise.all(started.splice(0).map((jobs) => jobs.stop()));
  await database.db.execute(sql`delete from jobs`);
});

const newJobs = (db = database.db, leases: { leaseSeconds?: number; heartbeatSeconds?: number } = {}) => {
  const jobs = createJobs({ db, log, ...leases });
  started.push(jobs);
  return jobs;
};
const table = () =>
  rows<{
    kind: string;
    key: string | null;
    attempts: number;
    done: boolean;
    failed: boolean;
    last_error: string | null;
    run_in: number;
  }>(
    database.db,
    sql`select kind, key, attempts, done_at is not null as done, failed_at is not null as failed, last_error,
               extract(epoch from run_at - now())::int as run_in
        from jobs order by id`,
  );
/** A handler's answer once its (synchronous) work is done. */
const settled = (..._effects: unknown[]) => Promise.resolve();
/** Moves the clock for the queue: every job waiting for a later time is due now. */
const makeDue = () => database.db.execute(sql`update jobs set run_at = now() where run_at > now()`);

describe('enqueue', () => {
  it('creates the job only when the enqueuing transaction commits', async () => {
    const jobs = newJobs();
    const seen: unknown[] = [];
    jobs.define<{ n: number }>('greet', (payload) => settled(seen.push(payload)));
    await database.db
      .transaction(async (tx) => {
        await jobs.enqueue(tx, 'greet', { n: 1 });
        throw new Error('the order failed');
      })
      .catch(() => undefined);
    expect(await jobs.runDue()).toBe(0);
    await database.db.transaction((tx) => jobs.enqueue(tx, 'greet', { n: 2 }));
    expect(await jobs.runDue()).toBe(1);
    expect(seen).toEqual([{ n: 2 }]);
    expect(await table()).toMatchObject([{ kind: 'greet', attempts: 1, done: true }]);
  });

  it('keeps a payload with a lone UTF-16 surrogate (jsonb refuses one), as U+FFFD', async () => {
    const jobs = newJobs();
    const seen: unknown[] = [];
    jobs.define<unknown>('mail', (payload) => settled(seen.push(payload)));
    await database.db.transaction((tx) =>
      jobs.enqueue(tx, 'mail', { subject: 'Hi \uD800 there', lines: ['ok \uDFFF', '😀 stays'] }),
    );
    expect(await jobs.runDue()).toBe(1);
    expect(seen).toEqual([{ subject: 'Hi \uFFFD there', lines: ['ok \uFFFD', '😀 stays'] }]);
  });

  it('ignores a second job with the key of an unfinished one, and accepts it once that is done', async () => {
    const jobs = newJobs();
    const seen: number[] = [];
    jobs.define<{ n: number }>('sync', ({ n }) => settled(seen.push(n)));
    await jobs.enqueue(database.db, 'sync', { n: 1 }, { key: 'order-7' });
    await jobs.enqueue(database.db, 'sync', { n: 2 }, { key: 'order-7' });
    await jobs.enqueue(database.db, 'sync', { n: 3 }, { key: 'order-8' });
    expect(await jobs.runDue()).toBe(2);
    expect(seen.sort()).toEqual([1, 3]);
    await jobs.enqueue(database.db, 'sync', { n: 4 }, { key: 'order-7' });
    expect(await jobs.runDue()).toBe(1);
    expect(seen).toContain(4);
  });

  it('runs a job given runAt or delaySeconds only once it is due', async () => {
    const jobs = newJobs();
    let ran = 0;
    jobs.define('later', () => settled(ran++));
    await jobs.enqueue(database.db, 'later', {}, { runAt: new Date(Date.now() + 3600_000) });
    await jobs.enqueue(database.db, 'later', {}, { delaySeconds: 120 });
    expect(await jobs.runDue()).toBe(0);
    expect((await table()).map((job) => job.run_in)).toEqual([
      expect.toSatisfy((s: number) => s > 3590),
      expect.toSatisfy((s: number) => s > 110 && s <= 120),
    ]);
    await makeDue();
    expect(await jobs.runDue()).toBe(2);
    expect(ran).toBe(2);
  });
});

describe('a failing job', () => {
  it('is retried with backoff and done once it succeeds', async () => {
    const jobs = newJobs();
    let calls = 0;
    jobs.define('flaky', () => (++calls < 3 ? Promise.reject(new Error(`down ${calls}`)) : settled()), {
      retryDelaySeconds: (attempts) => attempts * 100,
    });
    await jobs.enqueue(database.db, 'flaky', {});
    expect(await jobs.runDue()).toBe(1);
    expect(await table()).toMatchObject([{ attempts: 1, done: false, failed: false, last_error: 'down 1' }]);
    expect((await table())[0]!.run_in).toBeGreaterThan(95);
    expect(await jobs.runDue()).toBe(0); // not due yet
    await makeDue();
    expect(await jobs.runDue()).toBe(1);
    expect((await table())[0]!.run_in).toBeGreaterThan(195);
    await makeDue();
    expect(await jobs.runDue()).toBe(1);
    expect(await table()).toMatchObject([{ attempts: 3, done: true, failed: false, last_error: null }]);
    expect(calls).toBe(3);
  });

  it('is marked failed, and kept, after maxAttempts', async () => {
    const jobs = newJobs();
    let calls = 0;
    jobs.define(
      'doomed',
      () => {
        calls++;
        return Promise.reject(new Error('no such customer'));
      },
      { maxAttempts: 2 },
    );
    await jobs.enqueue(database.db, 'doomed', {});
    await jobs.runDue();
    await makeDue();
    await jobs.runDue();
    expect(await table()).toMatchObject([{ attempts: 2, done: false, failed: true, last_error: 'no such customer' }]);
    await makeDue();
    expect(await jobs.runDue()).toBe(0);
    expect(calls).toBe(2);
  });

  it('of a kind this instance does not know is left for one that does', async () => {
    const old = newJobs();
    old.define('known', () => settled());
    await old.enqueue(database.db, 'newer.kind', { n: 1 });
    expect(await old.runDue()).toBe(0);
    expect(await table()).toMatchObject([{ kind: 'newer.kind', attempts: 0, done: false, failed: false }]);
    const upgraded = newJobs();
    upgraded.define('newer.kind', () => settled());
    expect(await upgraded.runDue()).toBe(1);
    expect(await table()).toMatchObject([{ done: true }]);
  });
});

describe('every', () => {
  it('runs once per interval, as one row that is rescheduled, on one of several instances', async () => {
    const ran: string[] = [];
    const a = newJobs();
    const b = newJobs();
    a.every('tidy', 600, () => settled(ran.push('a')));
    b.every('tidy', 600, () => settled(ran.push('b')));
    const counts = await Promise.all([a.runDue(), b.runDue()]);
    expect(counts.reduce((x, y) => x + y)).toBe(1);
    expect(ran).toHaveLength(1);
    expect(await a.runDue()).toBe(0);
    expect(await table()).toEqual([
      expect.objectContaining({
        kind: 'tidy',
        key: 'every:tidy',
        done: false,
        run_in: expect.toSatisfy((s: number) => s > 590),
      }),
    ]);
    await makeDue();
    expect((await a.runDue()) + (await b.runDue())).toBe(1);
    expect(ran).toHaveLength(2);
    expect(await table()).toHaveLength(1);
  });

  it('keeps its schedule when a run fails', async () => {
    const jobs = newJobs();
    jobs.every('fragile', 60, () => Promise.reject(new Error('disk full')));
    expect(await jobs.runDue()).toBe(1);
    expect(await table()).toMatchObject([{ done: false, failed: false, last_error: 'disk full' }]);
    expect((await table())[0]!.run_in).toBeGreaterThan(55);
  });
});

describe('the worker', () => {
  it('runs a job as soon as it is woken, and stop waits for the running job', async () => {
    const jobs = newJobs();
    let finished = false;
    jobs.define('slow', async () => {
      await sleep(200);
      finished = true;
    });
    jobs.start();
    await jobs.idle();
    await jobs.enqueue(database.db, 'slow', {});
    jobs.wake();
    await sleep(50);
    await jobs.stop();
    expect(finished).toBe(true);
    expect(await table()).toMatchObject([{ done: true }]);
  });
});

/** A promise the test settles when it chooses. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL', () => {
  const connectionString = () => (database as DatabaseHandle & { pool: pg.Pool }).pool.options.connectionString!;
  /** Short leases, so a lapse takes a second rather than the production 15 s. */
  const shortLeases = { leaseSeconds: 1, heartbeatSeconds: 0.2 };
  const lease = () =>
    rows<{ attempts: number; done: boolean; last_error: string | null; locked: boolean }>(
      database.db,
      sql`select attempts, done_at is not null as done, last_error, locked_until > now() as locked from jobs`,
    );
  /** Claims on `jobs` every 50 ms until one ran, up to `withinMs`; answers how long it took. */
  async function claimWithin(jobs: Jobs, withinMs: number): Promise<number | undefined> {
    const start = Date.now();
    while (Date.now() - start < withinMs) {
      if ((await jobs.runDue()) > 0) return Date.now() - start;
      await sleep(50);
    }
    return undefined;
  }

  it('a job whose instance died mid-handler is run by another instance within seconds', async () => {
    const doomed = await openPostgres(connectionString(), 2);
    const started = gate();
    const never = gate();
    const dying = newJobs(doomed.db, shortLeases);
    dying.define('webhook', async () => {
      started.open();
      await never.opened;
    });
    const survivor = newJobs(database.db, shortLeases);
    let ranOnSurvivor = 0;
    survivor.define('webhook', () => settled(ranOnSurvivor++));
    await database.db.transaction((tx) => dying.enqueue(tx, 'webhook', { orderId: 1 }));

    const dyingPass = dying.runDue().catch(() => undefined);
    try {
      await started.opened;
      // The instance dies: its connections are gone, so its worker can renew nothing.
      await doomed.close();
      expect(await survivor.runDue()).toBe(0); // its lease still holds for a moment
      const tookMs = await claimWithin(survivor, 5_000);

      expect(tookMs).toBeDefined();
      expect(tookMs).toBeLessThan(3_000);
      expect(ranOnSurvivor).toBe(1);
      expect(await lease()).toEqual([{ attempts: 2, done: true, last_error: null, locked: null }]);
    } finally {
      never.open();
      await dyingPass;
    }
    // The dead worker's late end changes nothing.
    expect(await lease()).toEqual([{ attempts: 2, done: true, last_error: null, locked: null }]);
  });

  it('a healthy job running for several leases is not taken by another instance', async () => {
    const other = await openPostgres(connectionString(), 2);
    try {
      const finish = gate();
      const started = gate();
      const busy = newJobs(database.db, shortLeases);
      let runs = 0;
      busy.define('reconcile', async () => {
        runs++;
        started.open();
        await finish.opened;
      });
      const idle = newJobs(other.db, shortLeases);
      idle.define('reconcile', () => settled(runs++));
      await busy.enqueue(database.db, 'reconcile', {});

      const pass = busy.runDue();
      try {
        await started.opened;
        // Three leases long: without renewals the job would be claimable after the first.
        expect(await claimWithin(idle, 3_000)).toBeUndefined();
        expect(await lease()).toEqual([{ attempts: 1, done: false, last_error: null, locked: true }]);
      } finally {
        finish.open();
      }
      expect(await pass).toBe(1);
      expect(runs).toBe(1);
      expect(await lease()).toEqual([{ attempts: 1, done: true, last_error: null, locked: null }]);
    } finally {
      await other.close();
    }
  });

  it('a worker that lost its lease to another is told so and does not overwrite the job', async () => {
    // One connection, which its own handler holds: the worker's renewals wait for it (a stalled
    // worker), the lease lapses and another instance claims the job.
    const starved = await openPostgres(connectionString(), 1);
    try {
      const started = gate();
      const finish = gate();
      let signal: AbortSignal | undefined;
      const stalled = newJobs(starved.db, shortLeases);
      stalled.define('refund', async (_payload, job) => {
        signal = job.signal;
        await starved.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          started.open();
          await finish.opened;
        });
        throw new Error('provider timed out');
      });
      const healthy = newJobs(database.db, shortLeases);
      healthy.define('refund', () => settled());
      await healthy.enqueue(database.db, 'refund', {});

      const pass = stalled.runDue().catch(() => undefined);
      try {
        await started.opened;
        expect(await claimWithin(healthy, 5_000)).toBeDefined();
        expect(await lease()).toEqual([{ attempts: 2, done: true, last_error: null, locked: null }]);
        expect(signal?.aborted).toBe(false);
      } finally {
        finish.open();
        await pass;
      }
      // Its next renewal found the job claimed by another: its failure is not written over the result.
      expect(signal?.aborted).toBe(true);
      expect(await lease()).toEqual([{ attempts: 2, done: true, last_error: null, locked: null }]);
    } finally {
      await starved.close();
    }
  });

  it('two workers on two pools racing over 200 jobs run each exactly once', async () => {
    const { connectionString } = (database as DatabaseHandle & { pool: pg.Pool }).pool.options;
    const second = await openPostgres(connectionString!, 4);
    try {
      const runs = new Map<number, number>();
      const handler = async ({ n }: { n: number }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await sleep(Math.random() * 3);
      };
      const a = newJobs();
      const b = newJobs(second.db);
      a.define('race', handler);
      b.define('race', handler);
      await database.db.execute(
        sql`insert into jobs (kind, payload) select 'race', jsonb_build_object('n', n) from generate_series(1, 200) n`,
      );
      const counts = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
      expect(counts.reduce((x, y) => x + y)).toBe(200);
      expect(runs.size).toBe(200);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      expect(counts[0] + counts[2]).toBeGreaterThan(0);
      expect(counts[1] + counts[3]).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });
});
