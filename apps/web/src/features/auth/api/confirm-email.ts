import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailConfirmation } from '@bookshop/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { authAreas, type AuthArea } from '../lib/auth-area.ts';
import { logAuthFailure } from '../lib/log-auth-failure.ts';
import { authKeys } from '../../../lib/query-keys.ts';

/** `POST …/confirm-email/{id}` with the id from the confirmation mail; says whether it was confirmed before. */
export function confirmEmail(area: AuthArea, id: string): Promise<EmailConfirmation> {
  return logAuthFailure(
    api<EmailConfirmation>(`${authAreas[area].apiPrefix}/confirm-email/${encodeURIComponent(id)}`, {
      method: 'POST',
      noRefresh: true,
    }),
  );
}

/**
 * A query rather than a mutation: the id works once, and the cache makes sure a page mounted
 * twice (React's strict mode, a quick back and forth) still sends it only once.
 */
export function confirmEmailQueryOptions(area: AuthArea, id: string) {
  return queryOptions({
    queryKey: authKeys.confirmEmail(area, id),
    queryFn: () => confirmEmail(area, id),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    // The page shows success or failure itself.
    meta: { errorToast: false },
  });
}

export function useConfirmEmail(area: AuthArea, id: string) {
  return useQuery({ ...confirmEmailQueryOptions(area, id), enabled: id !== '' });
}
