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
