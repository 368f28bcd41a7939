import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@bookshop/contracts/orders';
import type { CreateReturn } from '@bookshop/contracts/returns';
import { api } from '../../../lib/api-client.ts';
import { customerOrderKeys } from '../../../lib/query-keys.ts';

/** `POST v1/orders/{id}/returns` → 201 with the order, its new return `requested` (decision 080). */
export function requestReturn({ orderId, ...body }: CreateReturn & { orderId: number }): Promise<Order> {
  return api<Order>(`v1/orders/${orderId}/returns`, { method: 'POST', body });
}

export function useRequestReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestReturn,
    onSuccess: (order) => queryClient.setQueryData(customerOrderKeys.detail(order.id), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerOrderKeys.all }),
  });
}
