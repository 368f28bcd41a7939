import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSupportTicket, TicketCreated } from '@bookshop/contracts/support';
import { api } from '../../../lib/api-client.ts';
import { customerTicketKeys } from '../../../lib/query-keys.ts';

/** `POST v1/support-tickets` (signed-in customer): answers the ticket number. */
export function createSupportTicket(body: CreateSupportTicket): Promise<TicketCreated> {
  return api<TicketCreated>('v1/support-tickets', { method: 'POST', body });
}

export function useCreateSupportTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupportTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerTicketKeys.all }),
  });
}
