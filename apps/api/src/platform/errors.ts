import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Messages } from '@bookshop/contracts/messages';
import type { Problem } from '@bookshop/contracts/problem';

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
    detail: fields.length ? `Invalid value for ${fields.join(', ')}.` : error.message,
    errors,
  };
}

export function registerErrorHandling(app: FastifyInstance) {
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
      return sendProblem(reply, {
        title: httpTitle(error.statusCode),
        status: error.statusCode,
        detail: error.message,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(reply, { title: 'Internal Server Error', status: 500, detail: Messages.unexpectedError });
  });
}

function httpTitle(status: number): string {
  const titles: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    409: 'Conflict',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    422: 'Unprocessable Content',
  };
  return titles[status] ?? 'Error';
}
