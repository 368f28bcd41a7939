import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { wellFormed } from '@bookshop/contracts/text';
import { jobs as jobsTable } from '../modules/jobs/schema.ts';
import { rows, type Database, type Tx } from './db.ts';

export type JobContext = {
  id: number;
  kind: string;
  attempts: number;
  /** Aborted when this worker finds it no longer holds the job's lease: another worker has it now. */
  signal: AbortSignal;
};
export type JobKindOptions = {
  maxAttempts?: number;
  retryDelaySeconds?: (attempts: number) => number;
};
export type EnqueueOptions = {
  runAt?: Date;
  delaySeconds?: number;
  /** at most one unfinished job per key: a second enqueue with the same key is ignored */
  key?: string;
};
export type Jobs = {
  define<P>(kind: string, handler: (payload: P, job: JobContext) => Promise<void>, options?: JobKindOptions): void;
  /**
   * Inserts in `tx` (transactional outbox): the job exists only if that transaction commits.
   * The payload is stored as jsonb, so the handler gets plain JSON back (a Date becomes a string).
   */
  enqueue(tx: Tx, kind: string, payload: unknown, options?: EnqueueOptions): Promise<void>;
  /** A recurring job: every `intervalSeconds` one instance (never two at once) runs it. */
  every(kind: string, intervalSeconds: number, handler: () => Promise<void>): void;
  /** Run now rather than at the next poll; call after the enqueuing transaction commits. */
  wake(): void;
  /** Runs every job due now (claimed FOR UPDATE SKIP LOCKED); tests call it. Returns how many ran. */
  runDue(): Promise<number>;
  idle(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue (platform/jobs.ts); tests call `app.jobs.runDue()`. */
    jobs: Jobs;
  }
}

/** How often idle workers look for due jobs (retries, or jobs enqueued by another instance). */
const POLL_INTERVAL_MS = 5_000;
const BATCH_SIZE = 10;
/**
 * A claimed job is invisible to other workers this long after the worker last renewed it. The
 * running worker renews it every HEARTBEAT_SECONDS, however long the handler takes, so a job
 * whose worker died is claimable again within LEASE_SECONDS (decision 060).
 */
const LEASE_SECONDS = 15;
/** A third of the lease: two renewals may be late or fail before another worker can claim the job. */
const HEARTBEAT_SECONDS = 5;
const DEFAULT_MAX_ATTEMPTS = 25;
/** Done jobs stay this long for inspection, then the `jobs.cleanup` job deletes them. */
const KEEP_DONE_JOBS_DAYS = 7;
const CLEANUP_INTERVAL_SECONDS = 3600;

/** 30 s, 1 min, 2 min … capped at 1 h. */
export const exponentialBackoff = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);

type Kind = {
  handler: (payload: unknown, job: JobContext) => Promise<void>;
  maxAttempts: number;
  retryDelaySeconds: (attempts: number) => number;
  /** Recurring (`every`): one row that is rescheduled after each run and never finishes. */
  intervalSeconds?: number;
};

/**
 * jsonb refuses a lone UTF-16 surrogate, which no keyboard types but a crafted request can carry
 * into a mail's text: every string of a payload is made well formed (U+FFFD in its place), so a
 * job is never lost, nor its transaction failed, for it.
 */
function wellFormedPayload(value: unknown): unknown {
  if (typeof value === 'string') return wellFormed(value);
  if (Array.isArray(value)) return value.map(wellFormedPayload);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [wellFormed(key), wellFormedPayload(item)]));
  return value;
}

/** `lease` is the claim's own token: only the worker holding it may renew or settle the job. */
type ClaimedJob = { id: number; kind: string; payload: unknown; attempts: number; lease: string };

const unfinished = sql`done_at is null and failed_at is null`;
const recurringKey = (kind: string) => `every:${kind}`;

/**
 * Background jobs in our own database table (docs/decisions/026-background-jobs.md).
 * `enqueue` inside the transaction that causes the job, `wake` after it commits. A worker pass
 * claims due jobs with FOR UPDATE SKIP LOCKED and a lease, so any number of instances can run
 * workers and each job runs on one of them at a time; a failing job is retried with backoff and
 * marked failed after its last attempt. An instance claims only the kinds it has defined: a job
 * of a kind it does not know (an older or newer instance during a rolling deploy) is left for an
 * instance that knows it, and shows in the `bookshop_jobs_due` metric if none does.
 * While a handler runs, its worker renews the lease every `heartbeatSeconds`; a claim is fenced
 * by its lease token, so a worker that lost its lease (it stalled, another worker claimed the job)
 * neither renews nor settles the job any more (decision 060).
 */
export function createJobs(options: {
  db: Database;
  log: FastifyBaseLogger;
  pollIntervalMs?: number;
  batchSize?: number;
  /** Tests shorten these; fractions of a second are fine. */
  leaseSeconds?: number;
  heartbeatSeconds?: number;
}): Jobs {
  const { db, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? POLL_INTERVAL_MS;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
  const heartbeatMs = (options.heartbeatSeconds ?? HEARTBEAT_SECONDS) * 1000;
  if (heartbeatMs >= leaseSeconds * 1000) throw new Error('the job heartbeat must be shorter than the lease');
  const kinds = new Map<string, Kind>();
  /** Recurring kinds whose row this instance has made sure exists. */
  const scheduled = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  /** The pass in progress: one at a time per instance, whether the timer or runDue started it. */
  let busy: Promise<unknown> | undefined;
  let ticking: Promise<void> | undefined;
  let tickAgain = false;

  function define<P>(
    kind: string,
    handler: (payload: P, job: JobContext) => Promise<void>,
    kindOptions: JobKindOptions & { intervalSeconds?: number } = {},
  ) {
    if (kinds.has(kind)) throw new Error(`job kind ${kind} is defined twice`);
    kinds.set(kind, {
      handler: handler as Kind['handler'],
      maxAttempts: kindOptions.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      retryDelaySeconds: kindOptions.retryDelaySeconds ?? exponentialBackoff,
      intervalSeconds: kindOptions.intervalSeconds,
    });
  }

  /** Inserts each recurring job's row once, due now, unless an unfinished one exists already. */
  async function scheduleRecurring() {
    for (const [kind, { intervalSeconds }] of kinds) {
      if (intervalSeconds === undefined || scheduled.has(kind)) continue;
      await db
        .insert(jobsTable)
        .values({ kind, key: recurringKey(kind) })
        .onConflictDoNothing();
      scheduled.add(kind);
    }
  }

  async function claimDue(): Promise<ClaimedJob[]> {
    if (kinds.size === 0) return [];
    const known = sql.join(
      [...kinds.keys()].map((kind) => sql`${kind}`),
      sql`, `,
    );
    return rows<ClaimedJob>(
      db,
      sql`update jobs set locked_until = now() + make_interval(secs => ${leaseSeconds}::float8),
                          attempts = attempts + 1, lease_token = gen_random_uuid()
          where id in (
            select id from jobs
            where ${unfinished} and run_at <= now() and kind in (${known})
              and (locked_until is null or locked_until <= now())
            order by run_at, id
            limit ${batchSize}
            for update skip locked)
          returning id, kind, payload, attempts, lease_token::text as lease`,
    );
  }

  /** Updates the job unless another worker has claimed it since (its claim lapsed meanwhile). */
  const settle = (job: ClaimedJob, set: SQL) =>
    db.execute(
      sql`update jobs set ${set}, locked_until = null, lease_token = null
          where id = ${job.id} and lease_token = ${job.lease}::uuid`,
    );

  /**
   * Renews the job's lease every heartbeatMs while its handler runs. A renewal that finds the
   * token gone (the lease lapsed and another worker claimed the job, or it is settled) aborts
   * `signal` and stops; one that fails (the database is unreachable) is tried again next time.
   */
  function heartbeat(job: ClaimedJob) {
    const lost = new AbortController();
    let beating: Promise<void> | undefined;
    const beat = async () => {
      try {
        const renewed = await rows<{ id: number }>(
          db,
          sql`update jobs set locked_until = now() + make_interval(secs => ${leaseSeconds}::float8)
              where id = ${job.id} and lease_token = ${job.lease}::uuid and ${unfinished}
              returning id`,
        );
        if (renewed.length > 0 || lost.signal.aborted) return;
        clearInterval(timer);
        log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job lease lost; another worker has it');
        lost.abort(new Error(`the lease of job ${job.id} was lost`));
      } catch (error) {
        log.warn({ jobId: job.id, kind: job.kind, err: error }, 'job lease renewal failed; trying again');
      }
    };
    const timer = setInterval(() => {
      beating ??= beat().finally(() => (beating = undefined));
    }, heartbeatMs);
    timer.unref();
    return {
      signal: lost.signal,
      /** Stops renewing; a renewal in flight finishes first, so it cannot outlast the settle. */
      async stop() {
        clearInterval(timer);
        await beating;
      },
    };
  }

  async function runJob(job: ClaimedJob) {
    const kind = kinds.get(job.kind)!;
    const lease = heartbeat(job);
    const context = { id: job.id, kind: job.kind, attempts: job.attempts, signal: lease.signal };
    let outcome: { error: unknown } | undefined;
    try {
      await kind.handler(job.payload, context);
    } catch (error) {
      outcome = { error };
    } finally {
      await lease.stop();
    }
    if (lease.signal.aborted) return; // the job is another worker's now: its result is not ours to write
    if (!outcome) {
      await settle(
        job,
        kind.intervalSeconds === undefined
          ? sql`done_at = now(), last_error = null`
          : sql`run_at = now() + make_interval(secs => ${kind.intervalSeconds}), attempts = 0, last_error = null`,
      );
      return;
    }
    const { error } = outcome;
    const message = error instanceof Error ? error.message : String(error);
    const logged = { jobId: job.id, kind: job.kind, attempts: job.attempts, err: error };
    if (kind.intervalSeconds !== undefined) {
      // A recurring job never gives up: it tries again at its next run.
      log.warn(logged, 'recurring job failed; it runs again at its next interval');
      await settle(job, sql`run_at = now() + make_interval(secs => ${kind.intervalSeconds}), last_error = ${message}`);
    } else if (job.attempts >= kind.maxAttempts) {
      log.error(logged, 'job failed for good; the row stays in jobs with failed_at set');
      await settle(job, sql`failed_at = now(), last_error = ${message}`);
    } else {
      const delay = kind.retryDelaySeconds(job.attempts);
      log.warn({ ...logged, retryInSeconds: delay }, 'job failed; will retry');
      await settle(job, sql`run_at = now() + make_interval(secs => ${delay}), last_error = ${message}`);
    }
  }

  async function pass(): Promise<number> {
    await scheduleRecurring();
    let ran = 0;
    for (;;) {
      const batch = await claimDue();
      if (batch.length === 0) return ran;
      await Promise.all(batch.map(runJob));
      ran += batch.length;
    }
  }

  /** Runs `pass` after the one in progress, if any. */
  async function exclusive(): Promise<number> {
    while (busy) await busy.catch(() => undefined);
    const current = pass();
    busy = current;
    try {
      return await current;
    } finally {
      if (busy === current) busy = undefined;
    }
  }

  /** The timer's pass; a wake during a pass runs one more pass after it. */
  function tick(): Promise<void> {
    if (ticking) {
      tickAgain = true;
      return ticking;
    }
    ticking = (async () => {
      do {
        tickAgain = false;
        try {
          await exclusive();
        } catch (error) {
          log.error({ err: error }, 'job worker pass failed');
        }
      } while (tickAgain && timer);
    })().finally(() => {
      ticking = undefined;
    });
    return ticking;
  }

  async function idle() {
    while (ticking || busy) await (ticking ?? busy)!.catch(() => undefined);
  }

  return {
    define,
    async enqueue(tx, kind, payload, enqueueOptions = {}) {
      const { runAt, delaySeconds, key } = enqueueOptions;
      await tx
        .insert(jobsTable)
        .values({
          kind,
          payload: wellFormedPayload(payload ?? {}),
          key: key ?? null,
          runAt: runAt ?? (delaySeconds ? sql`now() + make_interval(secs => ${delaySeconds})` : undefined),
        })
        .onConflictDoNothing();
    },
    every(kind, intervalSeconds, handler) {
      define(kind, () => handler(), { intervalSeconds });
    },
    wake() {
      if (timer) void tick();
    },
    runDue: exclusive,
    idle,
    start() {
      if (timer) return;
      timer = setInterval(() => void tick(), pollIntervalMs);
      timer.unref();
      void tick();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await idle();
    },
  };
}

/**
 * The app's job queue, `app.jobs`: its worker runs from onReady until onClose, and shutdown
 * waits for the pass in progress. Done jobs are deleted after KEEP_DONE_JOBS_DAYS.
 */
export function registerJobs(app: FastifyInstance, options: { db: Database }): Jobs {
  const jobs = createJobs({ db: options.db, log: app.log });
  jobs.every('jobs.cleanup', CLEANUP_INTERVAL_SECONDS, async () => {
    await options.db.execute(
      sql`delete from jobs where done_at < now() - make_interval(days => ${KEEP_DONE_JOBS_DAYS})`,
    );
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', (done) => {
    jobs.start();
    done();
  });
  app.addHook('onClose', () => jobs.stop());
  return jobs;
}
