import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';
import { pageLanguage } from './i18n/i18n.tsx';
import { localiseMessage } from './i18n/localise-message.ts';

/**
 * The server's first message for `field` (problem+json `errors`), if the request failed on it, in
 * the page's language: the API answers an Arabic page in Arabic already (decision 093); a message
 * it sent in English (an older server, a cached answer) is looked up here too.
 */
export function serverFieldError(error: unknown, field: string): string | undefined {
  const message = error instanceof ApiError ? error.problem.errors?.[field]?.[0] : undefined;
  return message && localiseMessage(message, pageLanguage());
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
