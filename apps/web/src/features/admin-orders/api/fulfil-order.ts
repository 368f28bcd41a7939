import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateShipment, UpdateFulfilment, UpdateShipment } from '@bookshop/contracts/fulfilment';
import type { StaffOrder } from '@bookshop/contracts/orders';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { staffOrderKeys } from '../../../lib/query-keys.ts';
import { staffOrderQueryOptions } from './get-staff-order.ts';

/** `PATCH v1/orders/{id}/fulfilment` `{ status: 'packed' }` (orders:fulfil). */
export function packOrder(id: number): Promise<StaffOrder> {
  const body: UpdateFulfilment = { status: 'packed' };
  return api<StaffOrder>(`v1/orders/${id}/fulfilment`, { method: 'PATCH', body });
}

/** `POST v1/orders/{id}/shipments` (orders:fulfil): 201 with the order. */
export function shipOrder(id: number, body: CreateShipment): Promise<StaffOrder> {
  return api<StaffOrder>(`v1/orders/${id}/shipments`, { method: 'POST', body });
}

/** `PATCH v1/orders/{id}/shipments/{shipmentId}` `{ status: 'delivered' }` (orders:fulfil). */
/** `cashCollected`: the courier took the cash of a cash-on-delivery order (decision 081). */
export function deliverShipment(id: number, shipmentId: number, cashCollected = false): Promise<StaffOrder> {
  const body: UpdateShipment = { status: 'delivered', ...(cashCollected && { cashCollected: true }) };
  return api<StaffOrder>(`v1/orders/${id}/shipments/${shipmentId}`, { method: 'PATCH', body });
}

/**
 * One of the three, answered with the order as it now is: the page shows it at once, and the
 * list, its 'To ship' count and the dashboard refetch. The dialog shows a refusal itself.
 * `said` is the notice of success: given here, not to `mutate`, because the button that asked
 * is gone once the order moves on (a packed order has no 'Mark as packed'), and a call's own
 * callbacks do not run after its component unmounts.
 */
export function useFulfilOrder<V>(
  id: number,
  action: (variables: V) => Promise<StaffOrder>,
  said: (order: StaffOrder) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    meta: { errorToast: false },
    onSuccess: (order) => {
      toast.success(said(order));
      queryClient.setQueryData(staffOrderQueryOptions(id).queryKey, order);
      return queryClient.invalidateQueries({ queryKey: staffOrderKeys.all });
    },
  });
}
