import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffPage, StaffQuery } from '@bookshop/contracts/auth';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { staffKeys } from '../../../lib/query-keys.ts';

/** `GET v1/users`: a page of staff, newest first (Admin only). */
export function getStaff(query: StaffQuery, signal?: AbortSignal): Promise<StaffPage> {
  return api<StaffPage>(`v1/users${toQueryString(query)}`, { signal });
}

export function staffQueryOptions(query: StaffQuery) {
  return queryOptions({
    queryKey: staffKeys.list(query),
    queryFn: ({ signal }) => getStaff(query, signal),
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useStaff(query: StaffQuery) {
  return useQuery(staffQueryOptions(query));
}
