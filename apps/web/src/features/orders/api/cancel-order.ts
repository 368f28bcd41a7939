import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@bookshop/contracts/orders';
import { api } from '../../../lib/api-client.ts';
import { customerOrderKeys } from '../../../lib/query-keys.ts';

/**
 * `POST v1/orders/{id}/cancel` → 200 with the Cancelled order: the customer's own Pending order
 * is cancelled, its payment page closed and its copies released (decision 072). 409 when it is
 * no longer awaiting payment.
 */
export function cancelOrder(id: number): Promise<Order> {
  return api<Order>(`v1/orders/${id}/cancel`, { method: 'POST' });
}

/** Whatever the answer, the order lists and the order are read again: its status has changed either way. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => queryClient.setQueryData(customerOrderKeys.detail(order.id), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerOrderKeys.all }),
  });
}
