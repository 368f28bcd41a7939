import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffOrder, StaffOrderQuery } from '@bookshop/contracts/orders';
import type { Page } from '@bookshop/contracts/pagination';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { staffOrderKeys } from '../../../lib/query-keys.ts';

/** `GET v1/orders` (orders:view): every order, newest first. */
export function getStaffOrders(query: StaffOrderQuery, signal?: AbortSignal): Promise<Page<StaffOrder>> {
  return api<Page<StaffOrder>>(`v1/orders${toQueryString(query)}`, { signal });
}

export function staffOrdersQueryOptions(query: StaffOrderQuery) {
  return queryOptions({
    queryKey: staffOrderKeys.list(query),
    queryFn: ({ signal }) => getStaffOrders(query, signal),
    // Paging and filtering keep the current rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useStaffOrders(query: StaffOrderQuery) {
  return useQuery(staffOrdersQueryOptions(query));
}
