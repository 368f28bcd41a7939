import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OrderStatus } from '@bookshop/contracts/enums';
import type { ChangeOrderStatus, StaffOrder } from '@bookshop/contracts/orders';
import { api } from '../../../lib/api-client.ts';
import { staffOrderQueryOptions } from './get-staff-order.ts';
import { staffOrderKeys } from '../../../lib/query-keys.ts';

/**
 * `PATCH v1/orders/{id}/status` `{ status: 3, reason }` (orders:manage): a Pending order's copies
 * are released, a Completed one is refunded. Answers the order as it now is; 409 when it may no
 * longer be cancelled.
 */
export function cancelOrder(id: number, reason: string): Promise<StaffOrder> {
  const body: ChangeOrderStatus = { status: OrderStatus.Cancelled, reason };
  return api<StaffOrder>(`v1/orders/${id}/status`, { method: 'PATCH', body });
}

export function useCancelOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => cancelOrder(id, reason),
    // The dialog shows why it failed (409 above all), next to the reason typed.
    meta: { errorToast: false },
    onSuccess: (order) => {
      queryClient.setQueryData(staffOrderQueryOptions(id).queryKey, order);
      return queryClient.invalidateQueries({ queryKey: staffOrderKeys.all });
    },
  });
}
