import { useEffect } from 'react';
import type { LoggedInUser } from '@bookshop/contracts/auth';
import { restoreSession, useSession } from '../session/session-store.ts';

/**
 * Spec section 4: on first load one token refresh is tried before what depends on who is logged in
 * renders. Public pages render at once (they are the same for everyone and come server-rendered,
 * decision 053); a page that decides by identity waits here. `undefined` while the refresh has not
 * answered, then the user or null.
 */
export function useRestoredUser(): LoggedInUser | null | undefined {
  const { status, user } = useSession();
  useEffect(() => {
    void restoreSession();
  }, []);
  return status === 'restoring' ? undefined : user;
}
