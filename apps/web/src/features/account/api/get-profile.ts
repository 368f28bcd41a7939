import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerProfile } from '@bookshop/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { customerProfileKeys } from '../../../lib/query-keys.ts';

/** `GET v1/customers`: the signed-in customer's profile. */
export function getProfile(signal?: AbortSignal): Promise<CustomerProfile> {
  return api<CustomerProfile>('v1/customers', { signal });
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: customerProfileKeys.all, queryFn: ({ signal }) => getProfile(signal) });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
