import { queryOptions } from '@tanstack/react-query';
import type { CustomerProfile, GoogleLink } from '@bookshop/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from '../../../lib/query-keys.ts';

/** `POST v1/customers/google-link`: the signed-in customer links Google sign-in; answers the profile. */
export function linkGoogle(body: GoogleLink): Promise<CustomerProfile> {
  return api<CustomerProfile>('v1/customers/google-link', { method: 'POST', body });
}

/** Keyed by the id token, like sign-in, so the callback page sends each token once however often it mounts. */
export function linkGoogleQueryOptions(body: GoogleLink) {
  return queryOptions({
    queryKey: authKeys.googleLink(body.idToken),
    queryFn: () => linkGoogle(body),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    // The callback page explains a refusal itself.
    meta: { errorToast: false },
  });
}
