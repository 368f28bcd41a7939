import fastifyUnderPressure from '@fastify/under-pressure';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import type { Config } from './config.ts';
import type { Database } from './db.ts';
import { sendServiceUnavailable, serviceUnavailable } from './unavailable.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shutdown has begun: readiness answers 503 and keep-alive clients are told to reconnect elsewhere. */
    startDraining(): void;
    /** Whether shutdown (or startDraining) has begun. */
    isDraining(): boolean;
    /**
     * Something this instance builds after it starts (the catalogue index) and cannot serve well
     * without: readiness answers 503 while `isWarm()` is false; liveness does not look.
     */
    addWarmUp(name: string, isWarm: () => boolean): void;
  }
}

/** A dependency check slower than this counts as down: a load balancer must not wait on us. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * A dependency readiness looks at. A `required` one down means this instance cannot serve (503);
 * any other is reported as degraded while the instance keeps serving without it.
 */
type Dependency = { name: string; required: boolean; check: () => Promise<unknown> };

/**
 * Health for orchestrators and load balancers, and load shedding:
 * - GET /health/live: the process answers (200). Never shed, never checks dependencies, so an
 *   overloaded or cut-off instance is not restarted for something a restart cannot fix.
 * - GET /health/ready: may this instance take traffic? 503 problem+json while draining, under
 *   pressure, while it still warms up (the catalogue index builds: issue 25), or when the database
 *   does not answer. Redis (when configured) only makes it
 *   degraded: rate limits are then counted per instance (rate-limit.ts), and taking every
 *   instance out of the load balancer for that would turn a loosened limit into an outage.
 * - bookshop_dependency_up{dependency} says 1 or 0 for each dependency, checked on each scrape,
 *   and a change either way is logged once (not on every probe).
 * - Under pressure (event-loop delay or heap above the configured limits) every other request
 *   gets 503 + Retry-After at once instead of queueing until the process collapses.
 */
export async function registerHealth(
  app: FastifyInstance,
  options: { db: Database; checkRedis?: () => Promise<void>; loadShedding: Config['loadShedding'] },
) {
  const dependencies: Dependency[] = [
    { name: 'database', required: true, check: () => options.db.execute(sql`select 1`) },
    ...(options.checkRedis ? [{ name: 'redis', required: false, check: options.checkRedis }] : []),
  ];
  const checkDependencies = trackDependencies(app, dependencies);

  let draining = false;
  app.decorate('startDraining', () => void (draining = true));
  app.decorate('isDraining', () => draining);
  const warmUps: { name: string; isWarm: () => boolean }[] = [];
  app.decorate('addWarmUp', (name: string, isWarm: () => boolean) => void warmUps.push({ name, isWarm }));
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
    pressureHandler: (request, reply, type, value) => {
      // Returning nothing lets the request through.
      if (request.url.startsWith('/health/')) return;
      // Which limit and by how much: an operator tells a stalled event loop from a full heap.
      request.log.warn({ pressure: type, value }, 'under pressure: request shed with 503');
      // Returning a body makes under-pressure send it and stop the request here.
      return serviceUnavailable(reply, 'The shop is very busy just now. Please try again in a moment.') as never;
    },
  });

  app.get('/health/live', { schema: { hide: true } }, () => Promise.resolve({ status: 'ok' }));

  app.get('/health/ready', { schema: { hide: true } }, async (_request, reply) => {
    const down: string[] = [];
    if (draining) down.push('shutting down');
    if (app.isUnderPressure()) down.push('under pressure');
    down.push(...warmUps.filter((warmUp) => !warmUp.isWarm()).map((warmUp) => `${warmUp.name} warming up`));
    const results = await checkDependencies();
    const unreachable = (required: boolean) =>
      dependencies.filter((d, i) => d.required === required && !results[i]).map((d) => `${d.name} unreachable`);
    down.push(...unreachable(true));
    if (down.length) return sendServiceUnavailable(reply, `Not ready: ${down.join(', ')}.`);
    const degraded = unreachable(false);
    return degraded.length ? { status: 'degraded', degraded } : { status: 'ok' };
  });
}

/**
 * Runs the dependency checks (each within CHECK_TIMEOUT_MS) for readiness and for the
 * bookshop_dependency_up gauge, and logs each dependency's change of state once.
 */
function trackDependencies(app: FastifyInstance, dependencies: Dependency[]) {
  const wasUp = new Map(dependencies.map((d) => [d.name, true]));
  const check = async () => {
    const results = await Promise.all(dependencies.map((d) => withTimeout(d.check(), CHECK_TIMEOUT_MS)));
    dependencies.forEach((dependency, i) => {
      const up = results[i]!;
      if (up === wasUp.get(dependency.name)) return;
      wasUp.set(dependency.name, up);
      const { name, required } = dependency;
      if (up) app.log.warn({ dependency: name }, `${name} reachable again`);
      else if (required) app.log.error({ dependency: name }, `${name} unreachable: this instance is not ready`);
      else app.log.error({ dependency: name }, `${name} unreachable: this instance stays ready, degraded`);
    });
    return results;
  };
  new Gauge({
    name: 'bookshop_dependency_up',
    help: 'Whether a dependency answered its health check at this scrape (1) or not (0), by dependency.',
    labelNames: ['dependency'],
    registers: [app.metricsRegistry],
    async collect() {
      const results = await check();
      dependencies.forEach((d, i) => this.set({ dependency: d.name }, results[i] ? 1 : 0));
    },
  });
  return check;
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
