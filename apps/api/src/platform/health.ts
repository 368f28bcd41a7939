import fastifyUnderPressure from '@fastify/under-pressure';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db.ts';
import { sendServiceUnavailable, serviceUnavailable } from './unavailable.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shutdown has begun: readiness answers 503 and keep-alive clients are told to reconnect elsewhere. */
    startDraining(): void;
  }
}

/** A dependency check slower than this counts as down: a load balancer must not wait on us. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * Health for orchestrators and load balancers, and load shedding:
 * - GET /health/live: the process answers (200). Never shed, never checks dependencies, so an
 *   overloaded or cut-off instance is not restarted for something a restart cannot fix.
 * - GET /health/ready: may this instance take traffic? 503 problem+json while draining, under
 *   pressure, or when the database (or Redis, when configured) does not answer.
 * - Under pressure (event-loop delay or heap above the configured limits) every other request
 *   gets 503 + Retry-After at once instead of queueing until the process collapses.
 */
export async function registerHealth(
  app: FastifyInstance,
  options: { db: Database; checkRedis?: () => Promise<void>; loadShedding: Config['loadShedding'] },
) {
  let draining = false;
  app.decorate('startDraining', () => void (draining = true));
  app.addHook('preClose', (done) => {
    draining = true;
    done();
  });
  // After its current answer a keep-alive client reconnects, to an instance that is staying.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: options.loadShedding.maxEventLoopDelayMs,
    maxHeapUsedBytes: options.loadShedding.maxHeapUsedBytes,
    pressureHandler: (request, reply) => {
      // Returning nothing lets the request through.
      if (request.url.startsWith('/health/')) return;
      request.log.warn('under pressure: request shed with 503');
      // Returning a body makes under-pressure send it and stop the request here.
      return serviceUnavailable(reply, 'The shop is very busy just now. Please try again in a moment.') as never;
    },
  });

  app.get('/health/live', { schema: { hide: true } }, () => Promise.resolve({ status: 'ok' }));

  app.get('/health/ready', { schema: { hide: true } }, async (_request, reply) => {
    const down: string[] = [];
    if (draining) down.push('shutting down');
    if (app.isUnderPressure()) down.push('under pressure');
    const checks: [string, () => Promise<unknown>][] = [['database', () => options.db.execute(sql`select 1`)]];
    if (options.checkRedis) checks.push(['redis', options.checkRedis]);
    const results = await Promise.all(checks.map(([, check]) => withTimeout(check(), CHECK_TIMEOUT_MS)));
    results.forEach((ok, i) => !ok && down.push(`${checks[i]![0]} unreachable`));
    if (down.length) return sendServiceUnavailable(reply, `Not ready: ${down.join(', ')}.`);
    return { status: 'ok' };
  });
}

/** True when `promise` resolves within `ms`. */
function withTimeout(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]).finally(() => clearTimeout(timer));
}
