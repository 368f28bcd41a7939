import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAuthGuard } from './auth.ts';
import { API_PREFIX } from './api-prefix.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set for routes behind an auth guard: every answer of theirs is for one caller only. */
    answersOneCaller?: boolean;
  }
}

export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Public catalogue pages and reads, the same for every visitor (issue 25): browsers revalidate
 * every time (max-age=0, so a customer never sees an older page than the shop's), a shared cache
 * (CDN) keeps them `s-maxage` seconds and then serves them stale for up to
 * `stale-while-revalidate` more while it fetches a fresh copy. Catalogue changes purge them
 * sooner where a purge webhook is set (CDN_PURGE_URL). The values are argued in the CDN decision.
 */
export const PUBLIC_SHARED = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

const READS = new Set(['GET', 'HEAD']);

/**
 * The one rule for caching API answers (ASVS 14.3.2; docs/decisions/059): an /api answer that
 * may depend on who asks gets `Cache-Control: private, no-store`, so neither a shared cache nor
 * the browser's keeps it, unless its route chose its own header. Such an answer is:
 * - any answer of a route behind an auth guard (platform/auth.ts), its 401, 403 and 404 too;
 * - any answer to a request carrying credentials (an Authorization header or a cookie, such as
 *   the refresh cookie of the session endpoints);
 * - any answer to a method other than GET/HEAD: sign-in, registration and token refresh answer
 *   one caller, and no change is ever served from a cache.
 * Public catalogue reads (GET without credentials) send their own header (public-answers.ts,
 * decision 101); a problem for anyone else is `no-store`. Register before any route.
 */
export function registerCacheControl(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const hooks = [route.onRequest, route.preParsing, route.preValidation, route.preHandler].flat();
    if (hooks.some(isAuthGuard)) route.config = Object.assign(route.config ?? {}, { answersOneCaller: true });
  });

  app.addHook('onSend', async (request, reply) => {
    if (reply.hasHeader('cache-control') || !request.url.startsWith(`${API_PREFIX}/`)) return;
    if (answersOneCaller(request)) reply.header('cache-control', PRIVATE_NO_STORE);
    // A problem is in the caller's language (decision 093) and says what went wrong just now: no cache keeps it.
    else if (String(reply.getHeader('content-type')).startsWith('application/problem+json'))
      reply.header('cache-control', 'no-store');
  });
}

/** Whether the answer to this request may depend on who asks (the rule above): then no shared cache keeps it. */
export function answersOneCaller(request: FastifyRequest): boolean {
  return (
    request.routeOptions.config.answersOneCaller === true ||
    !READS.has(request.method) ||
    request.headers.authorization !== undefined ||
    request.headers.cookie !== undefined
  );
}
