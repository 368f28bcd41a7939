import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@bookshop/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { configKeys } from '../../../lib/query-keys.ts';

/** `GET v1/config`: whether Google sign-in is on (and its client id), whether payments are in TEST MODE. */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api<PublicConfig>('v1/config', { signal });
}

export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: configKeys.all,
    queryFn: ({ signal }) => getPublicConfig(signal),
    // Server settings change only with a restart.
    staleTime: Infinity,
    // Without it the Google button simply stays hidden; no reason to alarm anyone.
    meta: { errorToast: false },
  });
}

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
