import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffOrder } from '@bookshop/contracts/orders';
import { api } from '../../../lib/api-client.ts';
import { staffOrderKeys } from '../../../lib/query-keys.ts';

/** `GET v1/orders/{id}` (orders:view): any order, with who placed it. */
export function getStaffOrder(id: number, signal?: AbortSignal): Promise<StaffOrder> {
  return api<StaffOrder>(`v1/orders/${id}`, { signal });
}

export function staffOrderQueryOptions(id: number) {
  return queryOptions({
    queryKey: staffOrderKeys.detail(id),
    queryFn: ({ signal }) => getStaffOrder(id, signal),
    // A missing order shows the page's own not-found message, not a toast.
    meta: { errorToast: false },
  });
}

export function useStaffOrder(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...staffOrderQueryOptions(id), enabled });
}
