import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTicketReply, StaffTicket } from '@bookshop/contracts/support';
import { api } from '../../../lib/api-client.ts';
import { staffTicketQueryOptions } from './get-staff-ticket.ts';
import { staffTicketKeys } from '../../../lib/query-keys.ts';

/**
 * `POST v1/support-tickets/{id}/author-replies` (support-tickets:manage): the author's answer that
 * reached support by e-mail, pasted into the thread as theirs; not mailed; a closed ticket opens again.
 */
export function recordAuthorReply(id: number, body: CreateTicketReply): Promise<StaffTicket> {
  return api<StaffTicket>(`v1/support-tickets/${id}/author-replies`, { method: 'POST', body });
}

export function useRecordAuthorReply(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTicketReply) => recordAuthorReply(id, body),
    onSuccess: (ticket) => {
      queryClient.setQueryData(staffTicketQueryOptions(id).queryKey, ticket);
      return queryClient.invalidateQueries({ queryKey: staffTicketKeys.all });
    },
  });
}
