import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Budget } from './rate-limit.ts';

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
export function registerLoginFailures(app: FastifyInstance, options: { redis?: Redis }) {
  const memory = memoryFailureCounter();
  const { redis } = options;
  if (!redis) {
    app.decorate('loginFailures', memory);
    return;
  }
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
