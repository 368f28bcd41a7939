import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffTicket } from '@bookshop/contracts/support';
import { api } from '../../../lib/api-client.ts';
import { staffTicketKeys } from '../../../lib/query-keys.ts';

/** `GET v1/support-tickets/{id}` (support-tickets:view): one ticket or contact item with its thread. */
export function getStaffTicket(id: number, signal?: AbortSignal): Promise<StaffTicket> {
  return api<StaffTicket>(`v1/support-tickets/${id}`, { signal });
}

export function staffTicketQueryOptions(id: number) {
  return queryOptions({
    queryKey: staffTicketKeys.detail(id),
    queryFn: ({ signal }) => getStaffTicket(id, signal),
  });
}

export function useStaffTicket(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...staffTicketQueryOptions(id), ...options });
}
