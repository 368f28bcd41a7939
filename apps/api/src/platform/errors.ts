import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Messages } from '@bookshop/contracts/messages';
import type { Problem } from '@bookshop/contracts/problem';
import { problemInRequestLanguage } from './problem-language.ts';
import { handleDatabaseUnavailable } from './unavailable.ts';

/** A domain error that the error handler turns into application/problem+json. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: Record<string, string[]>,
    /** RFC 9457 type URI the client can branch on (see ProblemType in contracts). */
    readonly type?: string,
  ) {
    super(detail ?? title);
  }
}

export const notFound = (detail: string) => new HttpProblem(404, 'Not Found', detail);
export const conflict = (detail: string) => new HttpProblem(409, 'Conflict', detail);
export const badRequest = (detail: string, errors?: Record<string, string[]>) =>
  new HttpProblem(400, 'Bad Request', detail, errors);
export const unauthorized = (detail = 'Sign in to continue.') => new HttpProblem(401, 'Unauthorized', detail);
export const forbidden = (detail = 'You are not allowed to do this.') => new HttpProblem(403, 'Forbidden', detail);

export function sendProblem(reply: FastifyReply, problem: Problem) {
  // The request id (also in the X-Request-Id header and every log line) lets support find the logs.
  return reply
    .status(problem.status)
    .type('application/problem+json')
    .send({ ...problem, requestId: reply.request.id });
}

function validationProblem(error: FastifyError): Problem {
  const errors: Record<string, string[]> = {};
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const issue of error.validation) {
      const missing = issue.params?.missingProperty;
      const field =
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (typeof missing === 'string' ? missing : '_');
      (errors[field] ??= []).push(issue.message ?? 'Invalid value.');
    }
  }
  const fields = Object.keys(errors);
  return {
    title: 'Validation Failed',
    status: 400,
    detail: fields.length ? `Invalid value for ${fields.join(', ')}.` : RequestMessages.invalid,
    errors,
  };
}

export function registerErrorHandling(app: FastifyInstance) {
  // Every problem in the request's language (decision 093); hooks added here reach every route.
  app.addHook('preSerialization', problemInRequestLanguage);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpProblem) {
      return sendProblem(reply, {
        ...(error.type && { type: error.type }),
        title: error.title,
        status: error.status,
        ...(error.detail && { detail: error.detail }),
        ...(error.errors && { errors: error.errors }),
      });
    }
    if (error.validation) return sendProblem(reply, validationProblem(error));
    if (error.statusCode === 429) {
      // `message` too: the spec's toast shows "the server message, else the detail".
      return sendProblem(reply, {
        title: Messages.tooManyRequestsTitle,
        status: 429,
        detail: Messages.tooManyRequests,
        message: Messages.tooManyRequests,
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendProblem(reply, requestProblem(error));
    }
    if (handleDatabaseUnavailable(error, request, reply)) return reply;
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, { title: 'Internal Server Error', status: 500, detail: Messages.unexpectedError });
  });
}

/** Fixed details of malformed requests: the framework's own messages may quote the request. */
export const RequestMessages = {
  invalid: 'The request is not valid.',
  badUrl: 'The address is not valid: check its percent-encoding.',
  urlTooLong: 'The address is too long.',
  headersTooLarge: 'The request headers (or the address) are too large.',
  timeout: 'The request took too long to arrive.',
  unreadable: 'The request could not be read.',
  bodyTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'Send the body as application/json, or as multipart/form-data where the API takes a form.',
  emptyJson: 'The body is empty: send a JSON value, or no Content-Type header.',
  invalidJson: 'The body is not valid JSON.',
  contentLength: 'The body does not match its Content-Length header.',
  forbidden: 'This address cannot be opened.',
  notFound: 'Nothing is at this address.',
  methodNotAllowed: 'This address does not take this method.',
} as const;

/** Longest path parameter (as sent, percent-encoded): a 300-character title in any script fits. */
export const MAX_PARAM_LENGTH = 3000;

/** Details of other 4xx raised outside our routes (e.g. the static files' 403 for a NUL in a file name). */
const statusDetails: Record<number, string> = {
  403: RequestMessages.forbidden,
  404: RequestMessages.notFound,
  405: RequestMessages.methodNotAllowed,
  413: RequestMessages.bodyTooLarge,
  414: RequestMessages.urlTooLong,
  415: RequestMessages.unsupportedMediaType,
};

/** Status and detail of Fastify errors raised before a route runs, by code. */
const frameworkDetails: Record<string, [status: number, detail: string]> = {
  FST_ERR_BAD_URL: [400, RequestMessages.badUrl],
  FST_ERR_MAX_PARAM_LENGTH: [414, RequestMessages.urlTooLong],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, RequestMessages.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, RequestMessages.unsupportedMediaType],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, RequestMessages.emptyJson],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, RequestMessages.invalidJson],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, RequestMessages.contentLength],
};

/** A 4xx that is not one of ours: a fixed detail chosen by code or status, never `error.message`. */
function requestProblem(error: FastifyError): Problem {
  const [status, detail] = frameworkDetails[error.code] ?? [error.statusCode!, statusDetails[error.statusCode!]];
  return { title: httpTitle(status), status, detail: detail ?? RequestMessages.invalid };
}

/** Fastify's `frameworkErrors` option: a bad percent-encoding or an over-long parameter in the path. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void sendProblem(reply, requestProblem(error));
}

/**
 * Fastify's `clientErrorHandler` option: what Node's HTTP parser refuses before Fastify sees a
 * request (headers or address over 16 KB, a request line that is not HTTP, a timeout). There is
 * no reply object yet, so the problem is written to the socket as a whole HTTP response.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, RequestMessages.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, RequestMessages.timeout]
        : [400, RequestMessages.unreadable];
  this.log.debug({ err: error }, 'client error');
  // A response already under way on this keep-alive connection cannot take a second one.
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !pending?.headersSent) {
    const body = JSON.stringify({ title: httpTitle(status), status, detail } satisfies Problem);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/problem+json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

function httpTitle(status: number): string {
  const titles: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    406: 'Not Acceptable',
    408: 'Request Timeout',
    409: 'Conflict',
    413: 'Payload Too Large',
    414: 'URI Too Long',
    415: 'Unsupported Media Type',
    422: 'Unprocessable Content',
    431: 'Request Header Fields Too Large',
  };
  return titles[status] ?? 'Error';
}
