import { useQuery } from '@tanstack/react-query';
import type { Order } from '@bookshop/contracts/orders';
import { api } from '../../../lib/api-client.ts';
import { checkoutKeys } from '../../../lib/query-keys.ts';

/** `GET v1/orders/{id}`: the customer's own order placed with cash on delivery (decision 081). */
export function usePlacedOrder(orderId: number | undefined) {
  return useQuery({
    queryKey: checkoutKeys.order(orderId ?? 0),
    queryFn: ({ signal }) => api<Order>(`v1/orders/${orderId}`, { signal }),
    enabled: orderId !== undefined,
    // The page explains a failure itself (an unknown order, another customer's).
    meta: { errorToast: false },
  });
}
