import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffPage } from '@bookshop/contracts/auth';
import type { RoleName } from '@bookshop/contracts/enums';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { staffKeys } from '../../../lib/query-keys.ts';

export type StaffListQuery = { pageNo: number; pageSize: number; role?: RoleName };

/** `GET v1/users`: a page of staff, newest first (Admin only). */
export function getStaff(query: StaffListQuery, signal?: AbortSignal): Promise<StaffPage> {
  return api<StaffPage>(`v1/users${toQueryString(query)}`, { signal });
}

export function staffQueryOptions(query: StaffListQuery) {
  return queryOptions({
    queryKey: staffKeys.list(query),
    queryFn: ({ signal }) => getStaff(query, signal),
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useStaff(query: StaffListQuery) {
  return useQuery(staffQueryOptions(query));
}
