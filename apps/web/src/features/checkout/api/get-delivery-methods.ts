import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryQuote } from '@bookshop/contracts/delivery';
import { api } from '../../../lib/api-client.ts';
import { shippingFeeKeys } from '../../../lib/query-keys.ts';

/**
 * `GET v1/customers-addresses/delivery-methods?addressId=`: each method's fee and availability
 * for the cart and, once an address is chosen, for where it goes (decision 079: an address no
 * method reaches is a 409 whose detail says where the shop delivers).
 */
export function getDeliveryMethods(addressId: number | undefined, signal?: AbortSignal): Promise<DeliveryQuote> {
  const query = addressId === undefined ? '' : `?addressId=${addressId}`;
  return api<DeliveryQuote>(`v1/customers-addresses/delivery-methods${query}`, { signal });
}

export function deliveryMethodsQueryOptions(addressId: number | undefined) {
  return queryOptions({
    queryKey: shippingFeeKeys.quoteFor(addressId),
    queryFn: ({ signal }) => getDeliveryMethods(addressId, signal),
    // The checkout page shows every failure of the quote in place (a refused address, or a retry).
    meta: { errorToast: false },
  });
}

export function useDeliveryMethods(addressId: number | undefined) {
  // Checkout shows what will be charged: ask again on every visit rather than trust an hour-old quote.
  return useQuery({ ...deliveryMethodsQueryOptions(addressId), refetchOnMount: 'always' });
}
