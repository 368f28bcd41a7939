import { createRequire } from 'node:module';
import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

/** A budget: at most `max` requests per `windowSeconds`. */
export type Budget = { max: number; windowSeconds: number };

/**
 * Limits of the account endpoints (docs/decisions/006-abuse-limits.md). Per IP they slow down
 * one machine trying many accounts; per account (the e-mail address in the body) they slow
 * down many machines trying one account, and stop anyone mail-bombing an address.
 */
export const RateLimits = {
  login: { perIp: { max: 30, windowSeconds: 60 }, perAccount: { max: 10, windowSeconds: 15 * 60 } },
  register: { perIp: { max: 30, windowSeconds: 10 * 60 }, perAccount: { max: 5, windowSeconds: 60 * 60 } },
  checkEmail: { perIp: { max: 60, windowSeconds: 60 } },
  forgotPassword: { perIp: { max: 20, windowSeconds: 60 * 60 }, perAccount: { max: 3, windowSeconds: 60 * 60 } },
  resendConfirmation: { perIp: { max: 20, windowSeconds: 60 * 60 }, perAccount: { max: 3, windowSeconds: 60 * 60 } },
  /** The e-mail address is unknown until the token is verified, so only per IP. */
  googleSignIn: { perIp: { max: 30, windowSeconds: 60 } },
  /** Links carry 256-bit secrets; this only bounds the load of someone trying. */
  useLink: { perIp: { max: 30, windowSeconds: 60 } },
} as const satisfies Record<string, { perIp: Budget; perAccount?: Budget }>;

/**
 * Registers @fastify/rate-limit without a global limit; routes opt in with `rateLimit(...)`.
 * With REDIS_URL the counters live in Redis, so every instance shares them. Redis must answer at
 * start-up (a mistyped REDIS_URL must not mean unlimited logins); if it goes away later, each
 * instance counts on its own until it is back: limits loosen by the number of instances, never
 * switch off. Returns a check of the Redis connection for readiness.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { redisUrl?: string },
): Promise<{ redis?: Redis; checkRedis?: () => Promise<void> }> {
  if (!options.redisUrl) {
    await app.register(fastifyRateLimit, { global: false });
    return {};
  }
  // The client loads only where REDIS_URL is set, not with every start of a single instance.
  const { Redis } = await import('ioredis');
  const redis = new Redis(options.redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // A Redis that stops answering must not hold requests up: fall back after this long.
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
  });
  let lastError: Error | undefined;
  redis.on('error', (error: Error) => (lastError = error));
  if (!(await waitUntilReady(redis, REDIS_CONNECT_TIMEOUT_MS))) {
    redis.disconnect();
    const reason = lastError?.message ?? `no answer within ${REDIS_CONNECT_TIMEOUT_MS} ms`;
    throw new Error(`Cannot connect to REDIS_URL (${redactUrl(options.redisUrl)}): ${reason}`);
  }
  const failover = failoverStore(redis, app.log);
  await app.register(fastifyRateLimit, { global: false, store: failover.Store });
  app.addHook('onClose', async () => {
    failover.closing();
    await redis.quit().catch(() => undefined);
  });
  return {
    redis,
    checkRedis: async () => {
      await redis.ping();
    },
  };
}

const REDIS_CONNECT_TIMEOUT_MS = 5_000;
const REDIS_COMMAND_TIMEOUT_MS = 2_000;
/** After a failed command on a connection that still looks up, try Redis again this often. */
const REDIS_RETRY_MS = 5_000;
const NAMESPACE = 'bookshop:rate-limit:';

type Store = FastifyRateLimitStore;
type StoreCallback = Parameters<Store['incr']>[1];
type RouteParams = Parameters<Store['child']>[0];
type StoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;
// The plugin's own stores (not exported from its index), so both count exactly as it would.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreCtor;

/**
 * A rate-limit store counting in Redis while it answers and in this process's memory while it
 * does not. The switch is logged once each way; while Redis is down no request waits for it.
 */
function failoverStore(redis: Redis, log: FastifyBaseLogger) {
  let usingRedis = true;
  let closing = false;
  let retryAt = 0;
  const fallBack = (error: Error) => {
    retryAt = Date.now() + REDIS_RETRY_MS;
    if (!usingRedis || closing) return;
    usingRedis = false;
    log.error({ err: error }, 'Redis unavailable: rate limits are counted per instance until it is back');
  };
  const recovered = () => {
    if (usingRedis || closing) return;
    usingRedis = true;
    log.warn('Redis is back: rate limits are shared between instances again');
  };
  redis.on('error', fallBack);
  redis.on('close', () => fallBack(new Error('connection to Redis closed')));
  redis.on('ready', recovered);

  type StoreParams = { continueExceeding?: boolean; exponentialBackoff?: boolean };
  class FailoverStore implements Store {
    private readonly shared: Store;
    private readonly local: Store;

    constructor(params: StoreParams, stores?: [Store, Store]) {
      [this.shared, this.local] = stores ?? [
        new RedisStore(!!params.continueExceeding, !!params.exponentialBackoff, redis, NAMESPACE),
        new LocalStore(!!params.continueExceeding, !!params.exponentialBackoff),
      ];
    }

    incr(key: string, callback: StoreCallback, timeWindow: number, max: number) {
      // Down, or failed a moment ago: count here without waiting for Redis.
      if (redis.status !== 'ready' || (!usingRedis && Date.now() < retryAt)) {
        this.local.incr(key, callback, timeWindow, max);
        return;
      }
      this.shared.incr(
        key,
        (error, result) => {
          if (error) {
            fallBack(error);
            this.local.incr(key, callback, timeWindow, max);
            return;
          }
          recovered();
          callback(null, result);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteParams): Store {
      const params = routeOptions as unknown as StoreParams;
      return new FailoverStore(params, [this.shared.child(routeOptions), this.local.child(routeOptions)]);
    }
  }
  return { Store: FailoverStore, closing: () => void (closing = true) };
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * A preHandler enforcing `limits` for the route it is attached to. `accountKey` reads the
 * account from the (validated) body. Over the limit: 429 problem with the spec's title and
 * message, and Retry-After.
 */
export function rateLimit(
  app: FastifyInstance,
  name: string,
  limits: { perIp: Budget; perAccount?: Budget },
  accountKey?: (request: FastifyRequest) => string | undefined,
) {
  const make = (scope: string, budget: Budget, key: (request: FastifyRequest) => string): Limiter =>
    app.createRateLimit({
      max: budget.max,
      timeWindow: budget.windowSeconds * 1000,
      keyGenerator: (request) => `${name}:${scope}:${key(request)}`,
    });
  const perIp = make('ip', limits.perIp, (request) => request.ip);
  const perAccount =
    limits.perAccount && accountKey && make('account', limits.perAccount, (request) => accountKey(request) ?? '');

  return async function rateLimitGuard(request: FastifyRequest, reply: FastifyReply) {
    const results = [await perIp(request)];
    if (perAccount && accountKey?.(request)) results.push(await perAccount(request));
    const exceeded = results.find((result) => !result.isAllowed && result.isExceeded);
    if (exceeded && !exceeded.isAllowed) {
      reply.header('retry-after', exceeded.ttlInSeconds);
      // platform/errors.ts turns a 429 into the spec's problem ('Too Many Request').
      throw Object.assign(new Error('Too many requests'), { statusCode: 429 });
    }
  };
}

/** The per-account key of bodies with an `emailAddress`: the address, case-insensitively. */
export const emailAddressKey = (request: FastifyRequest) => {
  const email = (request.body as { emailAddress?: unknown } | undefined)?.emailAddress;
  return typeof email === 'string' ? email.toLowerCase() : undefined;
};

/** Resolves true once Redis is ready, false if it is not within `timeoutMs`. */
function waitUntilReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.once('ready', onReady);
  });
}

function redactUrl(url: string) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  if (parsed.username) parsed.username = '***';
  return parsed.toString();
}
