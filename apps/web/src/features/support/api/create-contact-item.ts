import { useMutation } from '@tanstack/react-query';
import type { CreateContactItem, TicketCreated } from '@bookshop/contracts/support';
import { api } from '../../../lib/api-client.ts';

/** `POST v1/contact-items` (anyone): the spec's "create-contact-item"; answers the ticket number. */
export function createContactItem(body: CreateContactItem): Promise<TicketCreated> {
  return api<TicketCreated>('v1/contact-items', { method: 'POST', body });
}

export function useCreateContactItem() {
  return useMutation({ mutationFn: createContactItem });
}
