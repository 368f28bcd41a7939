import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@bookshop/contracts/pagination';
import type { StaffTicketQuery, StaffTicketSummary } from '@bookshop/contracts/support';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { staffTicketKeys } from '../../../lib/query-keys.ts';

/**
 * `GET v1/support-tickets` (support-tickets:view): tickets and contact items by status (open ones
 * oldest first, else the latest activity first), kind and a search by number, name or e-mail.
 */
export function getStaffTickets(query: StaffTicketQuery, signal?: AbortSignal): Promise<Page<StaffTicketSummary>> {
  return api<Page<StaffTicketSummary>>(`v1/support-tickets${toQueryString(query)}`, { signal });
}

export function staffTicketsQueryOptions(query: StaffTicketQuery) {
  return queryOptions({
    queryKey: staffTicketKeys.list(query),
    queryFn: ({ signal }) => getStaffTickets(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStaffTickets(query: StaffTicketQuery) {
  return useQuery(staffTicketsQueryOptions(query));
}
