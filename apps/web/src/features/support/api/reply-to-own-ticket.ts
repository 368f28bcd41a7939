import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTicketReply, CustomerTicket } from '@bookshop/contracts/support';
import { api } from '../../../lib/api-client.ts';
import { customerTicketKeys } from '../../../lib/query-keys.ts';

/** `POST v1/support-tickets/customer/{id}/replies`: the customer's reply in their own thread; a closed ticket opens again. */
export function replyToOwnTicket(id: number, body: CreateTicketReply): Promise<CustomerTicket> {
  return api<CustomerTicket>(`v1/support-tickets/customer/${id}/replies`, { method: 'POST', body });
}

export function useReplyToOwnTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTicketReply) => replyToOwnTicket(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerTicketKeys.all }),
  });
}
