import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryQuote } from '@bookshop/contracts/delivery';
import { api } from '../../../lib/api-client.ts';

/**
 * Under 'shipping-fees', so the spec's 1 h cache time applies (app/query-client.ts); every cart
 * change invalidates it, since the quote depends on the cart (decision 011).
 */
export const deliveryMethodsQueryKey = ['shipping-fees', 'quote'] as const;

/** `GET v1/customers-addresses/delivery-methods`: each method's fee and availability for the cart. */
export function getDeliveryMethods(signal?: AbortSignal): Promise<DeliveryQuote> {
  return api<DeliveryQuote>('v1/customers-addresses/delivery-methods', { signal });
}

export function deliveryMethodsQueryOptions() {
  return queryOptions({ queryKey: deliveryMethodsQueryKey, queryFn: ({ signal }) => getDeliveryMethods(signal) });
}

export function useDeliveryMethods() {
  // Checkout shows what will be charged: ask again on every visit rather than trust an hour-old quote.
  return useQuery({ ...deliveryMethodsQueryOptions(), refetchOnMount: 'always' });
}
