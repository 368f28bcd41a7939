import { SESSION_MARKER_COOKIE } from '@bookshop/contracts/constants';

/**
 * Whether this browser may hold a session: the API sets its marker cookie beside the httpOnly
 * refresh cookie and clears both together (decision 076). Without it a refresh can only fail.
 */
export function mayHaveSession(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((cookie) => cookie.trim().startsWith(`${SESSION_MARKER_COOKIE}=`));
}
