import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderStatus } from '@bookshop/contracts/enums';
import type { StaffOrder } from '@bookshop/contracts/orders';
import type { Page } from '@bookshop/contracts/pagination';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { staffOrderKeys } from '../../../lib/query-keys.ts';

/** Staff views of orders; cancelling one invalidates the whole prefix (list, detail, dashboard). */

/** The staff list's filters (`from`/`to` inclusive dates, `customer` matches user name or e-mail). */
export type StaffOrderFilters = { status?: OrderStatus; from?: string; to?: string; customer?: string };
export type StaffOrdersQuery = StaffOrderFilters & { pageNo: number; pageSize: number };

/** `GET v1/orders` (orders:view): every order, newest first. */
export function getStaffOrders(query: StaffOrdersQuery, signal?: AbortSignal): Promise<Page<StaffOrder>> {
  return api<Page<StaffOrder>>(`v1/orders${toQueryString(query)}`, { signal });
}

export function staffOrdersQueryOptions(query: StaffOrdersQuery) {
  return queryOptions({
    queryKey: staffOrderKeys.list(query),
    queryFn: ({ signal }) => getStaffOrders(query, signal),
    // Paging and filtering keep the current rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useStaffOrders(query: StaffOrdersQuery) {
  return useQuery(staffOrdersQueryOptions(query));
}
