import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffTicket, TicketStatus, UpdateTicket } from '@bookshop/contracts/support';
import { api } from '../../../lib/api-client.ts';
import { staffTicketQueryOptions } from './get-staff-ticket.ts';
import { staffTicketKeys } from '../../../lib/query-keys.ts';

/** `PATCH v1/support-tickets/{id}` (support-tickets:manage): close (it leaves the pending list) or reopen. */
export function updateTicketStatus(id: number, status: TicketStatus): Promise<StaffTicket> {
  const body: UpdateTicket = { status };
  return api<StaffTicket>(`v1/support-tickets/${id}`, { method: 'PATCH', body });
}

export function useUpdateTicketStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: TicketStatus) => updateTicketStatus(id, status),
    onSuccess: (ticket) => {
      queryClient.setQueryData(staffTicketQueryOptions(id).queryKey, ticket);
      return queryClient.invalidateQueries({ queryKey: staffTicketKeys.all });
    },
  });
}
