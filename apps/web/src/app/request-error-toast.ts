import { Messages } from '@bookshop/contracts/messages';
import { Routes } from '@bookshop/contracts/routes';
import { ApiError } from '../lib/api-client.ts';
import { problemBody } from '../lib/problem-body.ts';
import { toast } from '../ui/toast.tsx';
import { pageSpecText } from '../lib/i18n/i18n.tsx';

/**
 * Spec section 8: any failed response shows a 5-second toast whose title is the server's title
 * (else 'Error') and whose body is the server's message, else its detail, else the validation
 * errors as a bullet list. 304 and 401 stay silent (401 is handled by the token refresh).
 */
export function showRequestErrorToast(error: unknown) {
  // The spec's words, in Arabic on Arabic pages (the server's own title and detail come as the
  // server wrote them).
  const errorTitle = pageSpecText('genericErrorTitle');
  if (error instanceof ApiError) {
    if (error.status === 304 || error.status === 401) return;
    if (error.status === 429) {
      toast.error(
        pageSpecText('tooManyRequestsTitle'),
        isAdminArea() ? Messages.tooManyRequestsAdmin : pageSpecText('tooManyRequests'),
      );
      return;
    }
    toast.error(error.problem.title || errorTitle, problemBody(error));
    return;
  }
  // No response at all (offline, server down): still tell the user something went wrong.
  toast.error(errorTitle, problemBody(error));
}

/**
 * The admin area is the spec's "second client", with its own 429 words. One app serves both, so
 * the page the request came from decides (decision 034).
 */
function isAdminArea(): boolean {
  const path = typeof window === 'undefined' ? '' : window.location.pathname;
  return path === Routes.admin || path.startsWith(`${Routes.admin}/`);
}
