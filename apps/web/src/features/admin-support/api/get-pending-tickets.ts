import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@bookshop/contracts/pagination';
import type { StaffTicketSummary, TicketKind } from '@bookshop/contracts/support';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { staffTicketKeys } from '../../../lib/query-keys.ts';

export type PendingTicketsQuery = { pageNo: number; pageSize: number; kind?: TicketKind };

/** `GET v1/support-tickets/pending` (support-tickets:view): open tickets and contact items, oldest first. */
export function getPendingTickets(query: PendingTicketsQuery, signal?: AbortSignal): Promise<Page<StaffTicketSummary>> {
  return api<Page<StaffTicketSummary>>(`v1/support-tickets/pending${toQueryString(query)}`, { signal });
}

export function pendingTicketsQueryOptions(query: PendingTicketsQuery) {
  return queryOptions({
    queryKey: staffTicketKeys.pending(query),
    queryFn: ({ signal }) => getPendingTickets(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePendingTickets(query: PendingTicketsQuery) {
  return useQuery(pendingTicketsQueryOptions(query));
}
