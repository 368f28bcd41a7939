import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { rows, type Database } from './db.ts';
import { unauthorized } from './errors.ts';

/**
 * Process metrics (CPU, memory, event-loop delay, GC, handles) describe the process, not an
 * app, and their collectors run timers: one set per process, however many apps tests build.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Seconds; from a cached catalogue read (~1 ms) to the statement timeout. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type JobStats = { kind: string; due: number; failed: number; oldest_due_seconds: number };

/**
 * GET /metrics in Prometheus text format, one registry per app: requests by route pattern
 * (never the raw URL, whose values are unbounded) and status, PostgreSQL pool use, the job
 * queue (mail included) read from its table on each scrape, and the process metrics. With METRICS_TOKEN set,
 * a scrape needs `Authorization: Bearer <token>`. Not part of the API's OpenAPI document.
 */
export function registerMetrics(app: FastifyInstance, options: { db: Database; metricsToken?: string }) {
  const registry = new Registry();

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status code.',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // Unmatched URLs share one label, so probing random paths cannot grow the series.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? '(unmatched)',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  registerPoolMetrics(registry, options.db);
  registerJobMetrics(registry, options.db, app);

  const token = options.metricsToken;
  const requireMetricsToken = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!token) return;
    const presented = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!presented || !sameSecret(presented, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('Send the METRICS_TOKEN as a Bearer token to read metrics.');
    }
  };

  app.get('/metrics', { schema: { hide: true }, preHandler: [requireMetricsToken] }, async (_request, reply) => {
    const merged = Registry.merge([processMetrics(), registry]);
    return reply.type(merged.contentType).send(await merged.metrics());
  });
}

/** Compares digests, so neither the token's length nor its bytes leak through timing. */
function sameSecret(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * The node-postgres pool behind Drizzle: open, idle and waiting. PGlite is one in-process
 * connection with no pool, so it reports nothing here.
 */
function registerPoolMetrics(registry: Registry, db: Database) {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return;
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge(
    'bookshop_db_pool_connections',
    'Open PostgreSQL connections in the pool (idle and in use).',
    () => pool.totalCount,
  );
  gauge('bookshop_db_pool_idle_connections', 'Pooled PostgreSQL connections not in use.', () => pool.idleCount);
  gauge('bookshop_db_pool_waiting_requests', 'Queries waiting for a free pooled connection.', () => pool.waitingCount);
  gauge('bookshop_db_pool_max_connections', 'The pool size limit.', () => pool.options.max ?? 10);
}

/**
 * The job queue (platform/jobs.ts) per kind, as gauges read on scrape: jobs due now and not yet
 * done (growing means a worker is stuck, or no instance knows the kind), jobs given up on, and
 * how long the oldest due job has waited. A kind with no unfinished or failed job has no series.
 * One query serves all three gauges of a scrape; if it fails the scrape still answers.
 */
function registerJobMetrics(registry: Registry, db: Database, app: FastifyInstance) {
  // The gauges of one scrape are collected together: they share the query in flight.
  let inFlight: Promise<JobStats[] | undefined> | undefined;
  const read = () =>
    (inFlight ??= rows<JobStats>(
      db,
      sql`select kind,
            count(*) filter (where failed_at is null and run_at <= now())::int as due,
            count(*) filter (where failed_at is not null)::int as failed,
            coalesce(extract(epoch from now() - min(run_at) filter (where failed_at is null and run_at <= now())), 0)::float8
              as oldest_due_seconds
          from jobs where done_at is null
          group by kind`,
    )
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'metrics: cannot read the job queue');
        return undefined;
      })
      .finally(() => {
        inFlight = undefined;
      }));
  const gauge = (name: string, help: string, field: Exclude<keyof JobStats, 'kind'>) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'],
      registers: [registry],
      async collect() {
        const stats = await read();
        // Kinds whose jobs have all finished since the last scrape drop out.
        this.reset();
        for (const row of stats ?? []) this.set({ kind: row.kind }, Number(row[field]));
      },
    });
  gauge('bookshop_jobs_due', 'Jobs due to run and not yet done, by kind.', 'due');
  gauge('bookshop_jobs_failed', 'Jobs given up on after every retry, by kind (see jobs.last_error).', 'failed');
  gauge(
    'bookshop_jobs_oldest_due_seconds',
    'How long the oldest due job has been waiting, by kind.',
    'oldest_due_seconds',
  );
}
