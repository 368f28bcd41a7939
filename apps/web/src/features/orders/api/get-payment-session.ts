import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutSession } from '@bookshop/contracts/checkout';
import { api } from '../../../lib/api-client.ts';
import { leaveSiteFor } from '../../../lib/leave-site.ts';
import { customerOrderKeys } from '../../../lib/query-keys.ts';

/**
 * `GET v1/orders/{id}/payment-session` → 200: the payment page of the customer's own Pending
 * order, while it can still be paid (decision 072). 409 once it was paid, cancelled or its 30
 * minutes are up.
 */
export function getPaymentSession(id: number): Promise<CheckoutSession> {
  return api<CheckoutSession>(`v1/orders/${id}/payment-session`);
}

/**
 * Pay now: asked when pressed (the page may have ended since the list was loaded), then the
 * browser goes there. A refusal is toasted with the server's message and the orders are read
 * again, so the order shows what became of it.
 */
export function usePayNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: getPaymentSession,
    onSuccess: (session) => leaveSiteFor(session.url),
    onError: () => queryClient.invalidateQueries({ queryKey: customerOrderKeys.all }),
  });
}
