import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Order, StaffOrder } from '@bookshop/contracts/orders';
import type { Page } from '@bookshop/contracts/pagination';
import { api } from '../../../lib/api-client.ts';
import { staffOrdersQueryKey } from './get-staff-orders.ts';

/** What staff see of one order: the customer comes along when the API sends it (StaffOrderSchema). */
export type StaffOrderDetail = Order & Partial<Pick<StaffOrder, 'customerEmail' | 'customerUserName'>>;

/** `GET v1/orders/{id}`: any order, for staff who may view orders. */
export function getStaffOrder(id: number, signal?: AbortSignal): Promise<StaffOrderDetail> {
  return api<StaffOrderDetail>(`v1/orders/${id}`, { signal });
}

export function staffOrderQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...staffOrdersQueryKey, 'detail', id],
    queryFn: ({ signal }) => getStaffOrder(id, signal),
    // A missing order shows the page's own not-found message, not a toast.
    meta: { errorToast: false },
  });
}

/** Who placed order `id`, as a staff list already loaded says. */
function listedCustomer(queryClient: QueryClient, id: number) {
  for (const [, page] of queryClient.getQueriesData<Page<StaffOrder>>({ queryKey: [...staffOrdersQueryKey, 'list'] })) {
    const row = page?.data.find((order) => order.id === id);
    if (row) return { customerEmail: row.customerEmail, customerUserName: row.customerUserName };
  }
  return {};
}

export function useStaffOrder(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    ...staffOrderQueryOptions(id),
    enabled,
    // An API that answers the order without its customer still shows the one the list showed.
    select: (order) => (order.customerEmail ? order : { ...listedCustomer(queryClient, id), ...order }),
  });
}
