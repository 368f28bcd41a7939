import { ApiError } from '../../../lib/api-client.ts';

/** What the API said went wrong, in the words of spec section 8: message, else detail, else field errors. */
export function problemText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'We could not reach the shop. Check your connection and try again.';
  const { problem } = error;
  const fieldErrors = problem.errors ? Object.values(problem.errors).flat() : [];
  return problem.message ?? problem.detail ?? (fieldErrors.length > 0 ? fieldErrors.join(' ') : problem.title);
}
