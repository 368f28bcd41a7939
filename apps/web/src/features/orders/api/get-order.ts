import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@bookshop/contracts/orders';
import { api } from '../../../lib/api-client.ts';
import { customerOrderKeys } from '../../../lib/query-keys.ts';

/** `GET v1/orders/{id}`: one of the customer's orders; 404 for anyone else's. */
export function getOrder(id: number, signal?: AbortSignal): Promise<Order> {
  return api<Order>(`v1/orders/${id}`, { signal });
}

export function orderQueryOptions(id: number) {
  return queryOptions({
    queryKey: customerOrderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    // An order that does not exist (or is not theirs) shows the not-found page, not a toast.
    meta: { errorToast: false },
  });
}

export function useOrder(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...orderQueryOptions(id), enabled });
}
