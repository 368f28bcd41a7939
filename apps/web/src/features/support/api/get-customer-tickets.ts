import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@bookshop/contracts/pagination';
import type { CustomerTicket } from '@bookshop/contracts/support';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { customerTicketKeys } from '../../../lib/query-keys.ts';

export type CustomerTicketsQuery = { pageNo: number; pageSize: number };

/** `GET v1/support-tickets/customer`: the signed-in customer's tickets with the replies, newest first. */
export function getCustomerTickets(query: CustomerTicketsQuery, signal?: AbortSignal): Promise<Page<CustomerTicket>> {
  return api<Page<CustomerTicket>>(`v1/support-tickets/customer${toQueryString(query)}`, { signal });
}

export function customerTicketsQueryOptions(query: CustomerTicketsQuery) {
  return queryOptions({
    queryKey: customerTicketKeys.list(query),
    queryFn: ({ signal }) => getCustomerTickets(query, signal),
  });
}

export function useCustomerTickets(query: CustomerTicketsQuery) {
  return useQuery({ ...customerTicketsQueryOptions(query), placeholderData: keepPreviousData });
}
