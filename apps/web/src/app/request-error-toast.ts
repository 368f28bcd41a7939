import { Messages } from '@bookshop/contracts/messages';
import { Routes } from '@bookshop/contracts/routes';
import { ApiError } from '../lib/api-client.ts';
import { escapeHtml } from '../ui/safe-html.tsx';
import { toast } from '../ui/toast.tsx';

/**
 * Spec section 8: any failed response shows a 5-second toast whose title is the server's title
 * (else 'Error') and whose body is the server's message, else its detail, else the validation
 * errors as a bullet list. 304 and 401 stay silent (401 is handled by the token refresh).
 */
export function showRequestErrorToast(error: unknown) {
  if (error instanceof ApiError) {
    if (error.status === 304 || error.status === 401) return;
    if (error.status === 429) {
      toast.error(
        Messages.tooManyRequestsTitle,
        isAdminArea() ? Messages.tooManyRequestsAdmin : Messages.tooManyRequests,
      );
      return;
    }
    const problem = error.problem as typeof error.problem & { message?: unknown };
    const message = typeof problem.message === 'string' ? problem.message : undefined;
    const body = message ?? problem.detail;
    toast.error(
      problem.title || Messages.genericErrorTitle,
      body !== undefined ? escapeHtml(body) : problem.errors ? bulletList(problem.errors) : undefined,
    );
    return;
  }
  // No response at all (offline, server down): still tell the user something went wrong.
  toast.error(Messages.genericErrorTitle, error instanceof Error ? escapeHtml(error.message) : undefined);
}

/**
 * The admin area is the spec's "second client", with its own 429 words. One app serves both, so
 * the page the request came from decides (decision 034).
 */
function isAdminArea(): boolean {
  const path = typeof window === 'undefined' ? '' : window.location.pathname;
  return path === Routes.admin || path.startsWith(`${Routes.admin}/`);
}

function bulletList(errors: Record<string, string[]>): string {
  const lines = Object.values(errors).flat();
  return `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;
}
