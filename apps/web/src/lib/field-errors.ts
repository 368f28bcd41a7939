import { ApiError } from './api-client.ts';

/** The server's first message for `field` (problem+json `errors`), if the request failed on it. */
export function serverFieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.problem.errors?.[field]?.[0] : undefined;
}
