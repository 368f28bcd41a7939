import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_MARKER_COOKIE } from '@bookshop/contracts/constants';
import { API_PREFIX } from '../../platform/api-prefix.ts';

/** The refresh token's cookie: httpOnly, SameSite=Strict, sent only to the session endpoints. */
export const REFRESH_COOKIE_NAME = 'bookshop_refresh';
export const REFRESH_COOKIE_PATH = `${API_PREFIX}/v1/users`;

export type CookieOptions = { secure: boolean };

/**
 * Sets the refresh cookie and, beside it for the same time, the session marker the storefront's
 * scripts read to know a refresh is worth asking for (decision 076); the marker holds no secret.
 */
export function setRefreshCookie(reply: FastifyReply, token: string, expiresAt: Date, { secure }: CookieOptions) {
  reply.setCookie(REFRESH_COOKIE_NAME, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: REFRESH_COOKIE_PATH,
    expires: expiresAt,
  });
  reply.setCookie(SESSION_MARKER_COOKIE, '1', { sameSite: 'strict', secure, path: '/', expires: expiresAt });
}

export function clearRefreshCookie(reply: FastifyReply, { secure }: CookieOptions) {
  reply.clearCookie(REFRESH_COOKIE_NAME, { httpOnly: true, sameSite: 'strict', secure, path: REFRESH_COOKIE_PATH });
  reply.clearCookie(SESSION_MARKER_COOKIE, { sameSite: 'strict', secure, path: '/' });
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE_NAME];
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
}
