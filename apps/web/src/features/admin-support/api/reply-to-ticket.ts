import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTicketReply, StaffTicket } from '@bookshop/contracts/support';
import { api } from '../../../lib/api-client.ts';
import { staffTicketQueryOptions } from './get-staff-ticket.ts';
import { staffTicketKeys } from '../../../lib/query-keys.ts';

/** `POST v1/support-tickets/{id}/replies` (support-tickets:manage): mailed to the author, kept in the thread. */
export function replyToTicket(id: number, body: CreateTicketReply): Promise<StaffTicket> {
  return api<StaffTicket>(`v1/support-tickets/${id}/replies`, { method: 'POST', body });
}

export function useReplyToTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTicketReply) => replyToTicket(id, body),
    onSuccess: (ticket) => {
      queryClient.setQueryData(staffTicketQueryOptions(id).queryKey, ticket);
      return queryClient.invalidateQueries({ queryKey: staffTicketKeys.all });
    },
  });
}
