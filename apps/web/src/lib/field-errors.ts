import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/** The server's first message for `field` (problem+json `errors`), if the request failed on it. */
export function serverFieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.problem.errors?.[field]?.[0] : undefined;
}

/** Shows a 400's field errors under the form's own `fields` (spec section 8's toast lists them all). */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
) {
  for (const field of fields) {
    const message = serverFieldError(error, field);
    if (message) setError(field, { type: 'server', message });
  }
}
