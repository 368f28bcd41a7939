import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../platform/api-prefix.ts';

/** The refresh token's cookie: httpOnly, SameSite=Strict, sent only to the session endpoints. */
export const REFRESH_COOKIE_NAME = 'bookshop_refresh';
export const REFRESH_COOKIE_PATH = `${API_PREFIX}/v1/users`;

export type CookieOptions = { secure: boolean };

export function setRefreshCookie(reply: FastifyReply, token: string, expiresAt: Date, { secure }: CookieOptions) {
  reply.setCookie(REFRESH_COOKIE_NAME, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: REFRESH_COOKIE_PATH,
    expires: expiresAt,
  });
}

export function clearRefreshCookie(reply: FastifyReply, { secure }: CookieOptions) {
  reply.clearCookie(REFRESH_COOKIE_NAME, { httpOnly: true, sameSite: 'strict', secure, path: REFRESH_COOKIE_PATH });
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE_NAME];
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
}
