import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@bookshop/contracts/pagination';
import type { PendingTicketQuery, StaffTicketSummary } from '@bookshop/contracts/support';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { staffTicketKeys } from '../../../lib/query-keys.ts';

/** `GET v1/support-tickets/pending` (support-tickets:view): open tickets and contact items, oldest first. */
export function getPendingTickets(query: PendingTicketQuery, signal?: AbortSignal): Promise<Page<StaffTicketSummary>> {
  return api<Page<StaffTicketSummary>>(`v1/support-tickets/pending${toQueryString(query)}`, { signal });
}

export function pendingTicketsQueryOptions(query: PendingTicketQuery) {
  return queryOptions({
    queryKey: staffTicketKeys.pending(query),
    queryFn: ({ signal }) => getPendingTickets(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePendingTickets(query: PendingTicketQuery) {
  return useQuery(pendingTicketsQueryOptions(query));
}
