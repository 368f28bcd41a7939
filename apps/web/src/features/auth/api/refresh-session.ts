import type { LoggedInUser } from '@bookshop/contracts/auth';
import { api } from '../../../lib/api-client.ts';

/** `POST v1/users/app-rt`: rotates the httpOnly refresh cookie and answers the user with a new token. */
export function refreshSession(): Promise<LoggedInUser> {
  // No refresh-and-retry around the refresh itself, and no toast: callers decide what a failure means.
  return api<LoggedInUser>('v1/users/app-rt', { method: 'POST', noRefresh: true });
}
