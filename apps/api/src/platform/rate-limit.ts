import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';

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
 * With REDIS_URL the counters live in Redis, so every instance shares them.
 */
export async function registerRateLimits(app: FastifyInstance, options: { redisUrl?: string }) {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store (Redis) unavailable'));
  // Give Redis a moment to connect, so the first requests are counted; start anyway if it is down.
  if (redis) await waitUntilReady(redis, 2000);
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: 'bookshop:rate-limit:',
    // A broken Redis must not lock everybody out of their accounts; limits resume when it is back.
    skipOnError: true,
  });
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
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

function waitUntilReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
  });
}

/**
 * Counters of failed logins (docs/decisions/023-login-lockout.md): in Redis when REDIS_URL is
 * set, so every instance sees them; per instance in memory otherwise, or while Redis is away.
 */
export type FailureCounter = {
  /** Adds one to each key; a key's window starts with its first failure. */
  add(keys: string[], windowSeconds: number): Promise<void>;
  /** Each key's count and seconds left in its window (0 and 0 when there is none). */
  get(keys: string[]): Promise<{ count: number; ttlSeconds: number }[]>;
  forget(keys: string[]): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    loginFailures: FailureCounter;
  }
}

function memoryFailureCounter(): FailureCounter {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string, now: number) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now) entries.delete(key);
    return entry && entry.expiresAt > now ? entry : undefined;
  };
  return {
    add(keys, windowSeconds) {
      const now = Date.now();
      // Bounded by the per-IP limits; expired entries go whenever the map has grown.
      if (entries.size > 50_000) for (const key of [...entries.keys()]) live(key, now);
      for (const key of keys) {
        const entry = live(key, now);
        if (entry) entry.count++;
        else entries.set(key, { count: 1, expiresAt: now + windowSeconds * 1000 });
      }
      return Promise.resolve();
    },
    get(keys) {
      const now = Date.now();
      const counts = keys.map((key) => {
        const entry = live(key, now);
        return entry
          ? { count: entry.count, ttlSeconds: Math.ceil((entry.expiresAt - now) / 1000) }
          : { count: 0, ttlSeconds: 0 };
      });
      return Promise.resolve(counts);
    },
    forget(keys) {
      for (const key of keys) entries.delete(key);
      return Promise.resolve();
    },
  };
}

function redisFailureCounter(redis: Redis): FailureCounter {
  const prefix = 'bookshop:login-failures:';
  return {
    async add(keys, windowSeconds) {
      const pipeline = redis.multi();
      for (const key of keys) pipeline.set(prefix + key, 0, 'EX', windowSeconds, 'NX').incr(prefix + key);
      await pipeline.exec();
    },
    async get(keys) {
      const pipeline = redis.pipeline();
      for (const key of keys) pipeline.get(prefix + key).ttl(prefix + key);
      const results = (await pipeline.exec()) ?? [];
      return keys.map((_, i) => {
        const [countError, count] = results[2 * i] ?? [];
        const [ttlError, ttl] = results[2 * i + 1] ?? [];
        const error = countError ?? ttlError;
        if (error) throw error;
        return { count: Number(count ?? 0), ttlSeconds: Math.max(0, Number(ttl ?? 0)) };
      });
    },
    async forget(keys) {
      await redis.del(...keys.map((key) => prefix + key));
    },
  };
}

/**
 * Decorates `app.loginFailures`. With REDIS_URL the counters are shared; if Redis fails they
 * fall back to this instance's memory (logged once), never to no limit at all.
 */
export function registerLoginFailures(app: FastifyInstance, options: { redisUrl?: string }) {
  const memory = memoryFailureCounter();
  if (!options.redisUrl) {
    app.decorate('loginFailures', memory);
    return;
  }
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let warned = false;
  const fallBack = (error: unknown) => {
    if (!warned) app.log.warn({ err: error }, 'login failure counters (Redis) unavailable; counting in memory');
    warned = true;
  };
  redis.on('error', fallBack);
  redis.on('ready', () => (warned = false));
  const shared = redisFailureCounter(redis);
  const withFallback =
    <A extends unknown[], R>(run: (counter: FailureCounter, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (redis.status !== 'ready') return run(memory, ...args);
      try {
        return await run(shared, ...args);
      } catch (error) {
        fallBack(error);
        return run(memory, ...args);
      }
    };
  app.decorate('loginFailures', {
    add: withFallback((counter, keys: string[], windowSeconds: number) => counter.add(keys, windowSeconds)),
    get: withFallback((counter, keys: string[]) => counter.get(keys)),
    forget: withFallback((counter, keys: string[]) => counter.forget(keys)),
  });
  app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
}

/**
 * Failed logins on one account from any client at all: past this many, the account is locked
 * for everyone until the window ends (a botnet's worth of fresh addresses, each failing once).
 */
export const LOGIN_FAILURES_FROM_ANY_CLIENT = 100;

/**
 * The per-account login limit without the lockout of the real owner (docs/decisions/023).
 * Only failed attempts count. Once an account has `perAccount.max` failures in its window, a
 * client (IP) that has itself failed on it gets 429 — whatever password it sends now, so the
 * answer does not tell whether a guess was right — while a client that has not failed on it
 * goes through; past `anyClientMax` failures (same window) everybody waits. Use `guard` as a preHandler and
 * report each outcome with `failed` or `succeeded`.
 */
export function loginLockout(
  app: FastifyInstance,
  name: string,
  budgets: { perAccount: Budget; anyClientMax: number },
  accountKey: (request: FastifyRequest) => string | undefined,
) {
  const keysOf = (request: FastifyRequest) => {
    const account = accountKey(request);
    return account === undefined ? undefined : [`${name}:${account}`, `${name}:${account}:${request.ip}`];
  };
  return {
    async guard(request: FastifyRequest, reply: FastifyReply) {
      const keys = keysOf(request);
      if (!keys) return;
      const [account, client] = await app.loginFailures.get(keys);
      const locked =
        account!.count >= budgets.anyClientMax || (account!.count >= budgets.perAccount.max && client!.count > 0);
      if (locked) {
        reply.header('retry-after', Math.max(1, account!.ttlSeconds));
        throw Object.assign(new Error('Too many requests'), { statusCode: 429 });
      }
    },
    async failed(request: FastifyRequest) {
      const keys = keysOf(request);
      if (keys) await app.loginFailures.add(keys, budgets.perAccount.windowSeconds);
    },
    /** The client proved it knows the password; its earlier typos no longer count against it. */
    async succeeded(request: FastifyRequest) {
      const keys = keysOf(request);
      if (keys) await app.loginFailures.forget([keys[1]!]);
    },
  };
}
