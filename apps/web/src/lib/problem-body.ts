import { escapeHtml } from '../ui/safe-html.tsx';
import { ApiError } from './api-client.ts';

/**
 * Spec section 8: the body of a failed request's toast, as escaped HTML: the server's message,
 * else its detail, else its validation errors as a bullet list. A failure with no answer (offline,
 * a refusal of the browser's own cart) says its own words. Every toast for a failure uses it, those
 * with a title of their own ('Failed to add book to cart.') too.
 */
export function problemBody(error: unknown): string | undefined {
  if (error instanceof ApiError) {
    const problem = error.problem as typeof error.problem & { message?: unknown };
    const body = typeof problem.message === 'string' ? problem.message : problem.detail;
    if (body !== undefined) return escapeHtml(body);
    return problem.errors ? bulletList(problem.errors) : undefined;
  }
  return error instanceof Error ? escapeHtml(error.message) : undefined;
}

function bulletList(errors: Record<string, string[]>): string {
  const lines = Object.values(errors).flat();
  return `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;
}
