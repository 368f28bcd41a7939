import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Problem } from '@bookshop/contracts/problem';

/** How long a client is asked to wait before trying a 503 again. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs meaning "the database cannot serve this now", never "the request was wrong":
 * 57014 statement_timeout (or a cancel), 57P01-57P03 administrator/crash shutdown or the server
 * starting up, 57P05 idle session timeout, 25P03 idle-in-transaction timeout, 55P03 lock_timeout,
 * 53300 too many connections. Class 08 (connection exception) is matched by prefix.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57014', '57P01', '57P02', '57P03', '57P05', '25P03', '55P03', '53300']);
/** Errors of the socket to the database server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres raises these without a code: a cut connection, a full pool, a closed pool. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/**
 * True when `error` (or an error it wraps: Drizzle wraps driver errors as `cause`) says the
 * database is unreachable, shutting down or timed out. Such a request failed through no fault of
 * the client's and may succeed if retried: 503, not 500. Errors a client can cause with its input
 * (invalid values, constraint violations: SQLSTATE classes 22 and 23) are not in this list.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (DRIVER_MESSAGES.some((pattern) => pattern.test(current instanceof Error ? current.message : ''))) return true;
    current = current.cause;
  }
  return false;
}

/** Readies `reply` as a 503 asking the client to retry after RETRY_AFTER_SECONDS; returns its body. */
export function serviceUnavailable(reply: FastifyReply, detail: string): Problem {
  reply.status(503).header('retry-after', RETRY_AFTER_SECONDS).type('application/problem+json');
  return { title: 'Service Unavailable', status: 503, detail };
}

export const sendServiceUnavailable = (reply: FastifyReply, detail: string) =>
  reply.send(serviceUnavailable(reply, detail));

/** The error handler's hook: a database outage or timeout becomes a 503 and a warning, not a 500. */
export function handleDatabaseUnavailable(error: unknown, request: FastifyRequest, reply: FastifyReply): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  request.log.warn({ err: error }, 'database unavailable or timed out; answered 503');
  void sendServiceUnavailable(reply, 'The shop cannot reach its database just now. Please try again in a moment.');
  return true;
}
