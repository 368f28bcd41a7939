import type { FastifyInstance } from 'fastify';
import { isAuthGuard } from './auth.ts';
import { API_PREFIX } from './api-prefix.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set for routes behind an auth guard: every answer of theirs is for one caller only. */
    answersOneCaller?: boolean;
  }
}

export const PRIVATE_NO_STORE = 'private, no-store';

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
 * Public catalogue reads (GET without credentials) are left as they are. Register before any route.
 */
export function registerCacheControl(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const hooks = [route.onRequest, route.preParsing, route.preValidation, route.preHandler].flat();
    if (hooks.some(isAuthGuard)) route.config = Object.assign(route.config ?? {}, { answersOneCaller: true });
  });

  app.addHook('onSend', async (request, reply) => {
    if (reply.hasHeader('cache-control') || !request.url.startsWith(`${API_PREFIX}/`)) return;
    const personal =
      request.routeOptions.config.answersOneCaller === true ||
      !READS.has(request.method) ||
      request.headers.authorization !== undefined ||
      request.headers.cookie !== undefined;
    if (personal) reply.header('cache-control', PRIVATE_NO_STORE);
  });
}
