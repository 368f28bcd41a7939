import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryQuote } from '@bookshop/contracts/delivery';
import { api } from '../../../lib/api-client.ts';
import { shippingFeeKeys } from '../../../lib/query-keys.ts';

/** `GET v1/customers-addresses/delivery-methods`: each method's fee and availability for the cart. */
export function getDeliveryMethods(signal?: AbortSignal): Promise<DeliveryQuote> {
  return api<DeliveryQuote>('v1/customers-addresses/delivery-methods', { signal });
}

export function deliveryMethodsQueryOptions() {
  return queryOptions({ queryKey: shippingFeeKeys.quote, queryFn: ({ signal }) => getDeliveryMethods(signal) });
}

export function useDeliveryMethods() {
  // Checkout shows what will be charged: ask again on every visit rather than trust an hour-old quote.
  return useQuery({ ...deliveryMethodsQueryOptions(), refetchOnMount: 'always' });
}
