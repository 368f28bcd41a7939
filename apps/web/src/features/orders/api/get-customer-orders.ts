import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderStatus } from '@bookshop/contracts/enums';
import type { Order } from '@bookshop/contracts/orders';
import type { Page } from '@bookshop/contracts/pagination';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { customerOrderKeys } from '../../../lib/query-keys.ts';

/**
 * Every key under 'customer-orders' gets the spec's 168 h cache time (app/query-client.ts);
 * placing an order invalidates the whole prefix (spec section 4).
 */

export type CustomerOrdersQuery = { pageNo: number; pageSize: number; status?: OrderStatus };

/** `GET v1/orders/customer`: the signed-in customer's orders, newest first. */
export function getCustomerOrders(query: CustomerOrdersQuery, signal?: AbortSignal): Promise<Page<Order>> {
  return api<Page<Order>>(`v1/orders/customer${toQueryString(query)}`, { signal });
}

export function customerOrdersQueryOptions(query: CustomerOrdersQuery) {
  return queryOptions({
    queryKey: customerOrderKeys.list(query),
    queryFn: ({ signal }) => getCustomerOrders(query, signal),
  });
}

export function useCustomerOrders(query: CustomerOrdersQuery) {
  // Keep the current page on screen while the next one loads.
  return useQuery({ ...customerOrdersQueryOptions(query), placeholderData: keepPreviousData });
}
