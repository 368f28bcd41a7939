import { queryOptions } from '@tanstack/react-query';
import type { GoogleSignIn, LoggedInUser } from '@bookshop/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { logAuthFailure } from '../lib/log-auth-failure.ts';
import { startSession } from '../session/session-store.ts';
import { authKeys } from '../../../lib/query-keys.ts';

/** `POST v1/customers/google-signin`: the API verifies the id token and answers like login. */
export function googleSignIn(body: GoogleSignIn): Promise<LoggedInUser> {
  return logAuthFailure(api<LoggedInUser>('v1/customers/google-signin', { method: 'POST', body, noRefresh: true }));
}

/**
 * A query keyed by the id token, so the callback page sends each token once even when it is
 * mounted twice; it starts the session as soon as the API accepts the token.
 */
export function googleSignInQueryOptions(body: GoogleSignIn) {
  return queryOptions({
    queryKey: authKeys.googleSignIn(body.idToken),
    queryFn: async () => {
      const user = await googleSignIn(body);
      startSession(user);
      return user;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    // Spec section 8: Google sign-in is excluded from the error toast; the callback page explains.
    meta: { errorToast: false },
  });
}
