import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { rows, type Database } from './db.ts';
import { imageWork } from './images.ts';
import { ConfigError, type Config } from './config.ts';
import { RequestMessages, unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics; other platform parts add their gauges to it. */
    metricsRegistry: Registry;
    /** The metrics listener's address once the app is ready, when METRICS_PORT is set. */
    metricsAddress: { host: string; port: number } | null;
    /** Counts an answer and its time in seconds; the framework's answers are counted by the hook below. */
    countAnswer(answer: AnsweredRequest, seconds: number): void;
  }
}

/** What a request is counted by: `route` is the route pattern, undefined for an unmatched URL. */
type AnsweredRequest = { method: string; route: string | undefined; statusCode: number };

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
 * queue (mail included) read from its table on each scrape, and the process metrics. Not part
 * of the API's OpenAPI document. Where it is served (docs/decisions/059):
 * - METRICS_PORT set: only on a listener of its own at METRICS_HOST (default 127.0.0.1), never on
 *   the shop's port; METRICS_TOKEN, when also set, is required there too.
 * - else METRICS_TOKEN set: on the shop's port, to `Authorization: Bearer <token>` only.
 * - else open in development and tests, and absent (404) in production.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { db: Database; metrics: Config['metrics']; production: boolean },
) {
  const registry = new Registry();
  app.decorate('metricsRegistry', registry);
  app.decorate('metricsAddress', null);

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
  app.decorate('countAnswer', (answer: AnsweredRequest, seconds: number) => {
    // Unmatched URLs share one label, so probing random paths cannot grow the series.
    const labels = {
      method: answer.method,
      route: answer.route ?? '(unmatched)',
      status_code: String(answer.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, seconds);
  });
  app.addHook('onResponse', async (request, reply) => {
    app.countAnswer(
      { method: request.method, route: request.routeOptions.url, statusCode: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  registerPoolMetrics(registry, options.db);
  registerJobMetrics(registry, options.db, app);
  registerImageMetrics(registry);

  const scrape = async () => {
    const merged = Registry.merge([processMetrics(), registry]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  };
  const { token, port, host } = options.metrics;

  if (port !== undefined) {
    serveOnOwnPort(app, { port, host, token, scrape });
    return;
  }
  // In production an open /metrics would tell anyone the routes, the traffic and the queue.
  if (!token && options.production) return;

  const requireMetricsToken = async (request: FastifyRequest, reply: FastifyReply) => {
    if (token && !presentsToken(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized(METRICS_TOKEN_REQUIRED);
    }
  };
  app.get('/metrics', { schema: { hide: true }, preHandler: [requireMetricsToken] }, async (_request, reply) => {
    const { contentType, body } = await scrape();
    return reply.type(contentType).send(body);
  });
}

const METRICS_TOKEN_REQUIRED = 'Send the METRICS_TOKEN as a Bearer token to read metrics.';

const presentsToken = (authorization: string | undefined, token: string) => {
  const presented = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  return presented !== undefined && sameSecret(presented, token);
};

/**
 * GET /metrics on a plain HTTP listener of its own (METRICS_PORT, at METRICS_HOST), opened when
 * the app is ready and closed with it. A port already taken stops start-up with one line.
 * Answers: 200 metrics, 401 without the token (when one is set), 404 for any other path.
 */
function serveOnOwnPort(
  app: FastifyInstance,
  options: { port: number; host: string; token?: string; scrape: () => Promise<{ contentType: string; body: string }> },
) {
  const problem = (response: ServerResponse, status: number, title: string, detail: string) =>
    response
      .writeHead(status, { 'content-type': 'application/problem+json', 'cache-control': 'no-store' })
      .end(JSON.stringify({ title, status, detail }));
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD'))
      return problem(response, 404, 'Not Found', RequestMessages.notFound);
    if (options.token && !presentsToken(request.headers.authorization, options.token)) {
      response.setHeader('www-authenticate', 'Bearer realm="metrics"');
      return problem(response, 401, 'Unauthorized', METRICS_TOKEN_REQUIRED);
    }
    const { contentType, body } = await options.scrape();
    response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body);
  };

  let server: Server | undefined;
  app.addHook('onReady', async () => {
    server = createServer((request, response) => {
      answer(request, response).catch((error: unknown) => {
        app.log.error({ err: error }, 'metrics: scrape failed');
        if (!response.headersSent) problem(response, 500, 'Internal Server Error', 'The metrics could not be read.');
      });
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE' || error.code === 'EADDRNOTAVAIL'
            ? new ConfigError(
                `Invalid configuration: METRICS_PORT ${options.port} on METRICS_HOST ${options.host} cannot be used (${error.code})`,
              )
            : error,
        ),
      );
      server!.listen(options.port, options.host, resolve);
    });
    const address = server.address() as { port: number };
    app.metricsAddress = { host: options.host, port: address.port };
    app.log.info({ host: options.host, port: address.port }, 'metrics served on their own port');
  });
  app.addHook('onClose', async () => {
    if (!server?.listening) return;
    const closed = new Promise((resolve) => server!.close(resolve));
    // A scraper's keep-alive connection must not hold the shutdown.
    server.closeAllConnections();
    await closed;
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
  const gauge = readOnScrape(registry);
  gauge(
    'bookshop_db_pool_connections',
    'Open PostgreSQL connections in the pool (idle and in use).',
    () => pool.totalCount,
  );
  gauge('bookshop_db_pool_idle_connections', 'Pooled PostgreSQL connections not in use.', () => pool.idleCount);
  gauge('bookshop_db_pool_waiting_requests', 'Queries waiting for a free pooled connection.', () => pool.waitingCount);
  gauge('bookshop_db_pool_max_connections', 'The pool size limit.', () => pool.options.max ?? 10);
}

/** A maker of gauges in `registry` whose value `read` gives at each scrape. */
const readOnScrape = (registry: Registry) => (name: string, help: string, read: () => number) =>
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });

/** The process's picture work (platform/images.ts): pipelines running, and uploads holding a place. */
function registerImageMetrics(registry: Registry) {
  const gauge = readOnScrape(registry);
  gauge(
    'bookshop_image_work_running',
    'Picture pipelines (decoding, resizing) running now.',
    () => imageWork.stats().running,
  );
  gauge(
    'bookshop_image_uploads_in_flight',
    'Uploads carrying pictures in flight; at the bound, more are refused with 503.',
    () => imageWork.stats().inFlight,
  );
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
