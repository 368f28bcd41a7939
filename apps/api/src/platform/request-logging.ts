import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A load balancer's id is kept so its logs and ours line up; anything long or odd is replaced. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's `genReqId`: the caller's X-Request-Id when it is short and safe, else a new UUID. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Files, images, health checks and scrapes are frequent and dull: logged only at debug level. */
const QUIET_PATH = /^\/(assets|images|health)\/|^\/(favicon\.svg|metrics)$/;

/**
 * Fastify logs two lines per request ("incoming request", "request completed") and a third for
 * an unmatched route; this logs one when the answer is sent: method, route pattern, path (never
 * the query string, which can carry tokens), status and time in ms. The logger adds the request
 * id (`reqId`), which every other line about the request carries too.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const answered = {
      method: request.method,
      route: request.routeOptions.url,
      url: request.url,
      statusCode: reply.statusCode,
      responseTimeMs: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...lineFields(answered), err: error }, 'request failed');
    else logCompleted(reply.log, answered);
  }
}

type CompletedRequest = {
  /** Given where the logger is not the request's own (repeat-answers.ts). */
  reqId?: string;
  method: string;
  route: string | undefined;
  url: string;
  statusCode: number;
  responseTimeMs: number;
};

/**
 * What a request's line says: the path without its query, the time to a tenth of a millisecond.
 * Made as one literal: in Node 20's V8 a spread or rest with other keys takes about a microsecond
 * where a literal takes tens of nanoseconds (decision 112), and every request makes one. Pino
 * leaves out an undefined `reqId`.
 */
function lineFields({ reqId, method, route, url, statusCode, responseTimeMs }: CompletedRequest) {
  return {
    reqId,
    method,
    route,
    statusCode,
    path: url.split('?')[0]!,
    responseTime: Math.round(responseTimeMs * 10) / 10,
  };
}

/** A request's one line, at debug for quiet paths (assets, images, health, metrics) that did not fail. */
export function logCompleted(log: FastifyBaseLogger, answered: CompletedRequest) {
  const fields = lineFields(answered);
  if (QUIET_PATH.test(fields.path) && fields.statusCode < 500) log.debug(fields, 'request completed');
  else log.info(fields, 'request completed');
}

/** Fastify options for request ids and the request log line; spread into each app's options. */
export const requestLoggingOptions = () => ({
  logController: new OneLinePerRequest({ requestIdLogLabel: 'reqId' }),
  requestIdHeader: false as const,
  genReqId: requestIdFor,
});

/** Echoes the request id in X-Request-Id (problem+json bodies carry it too), so a report can be traced. */
export function registerRequestLogging(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
