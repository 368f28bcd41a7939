import { useQuery } from '@tanstack/react-query';
import type { PaymentMethodOption } from '@bookshop/contracts/checkout';
import type { DeliveryMethodCode } from '@bookshop/contracts/delivery';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { checkoutKeys } from '../../../lib/query-keys.ts';

/**
 * `GET v1/checkout/payment-methods?addressId=&deliveryMethod=`: card, and cash on delivery with
 * its fee and, when this address or total cannot have it, why (decision 081).
 */
export function getPaymentMethods(
  addressId: number,
  deliveryMethod: DeliveryMethodCode,
  signal?: AbortSignal,
): Promise<PaymentMethodOption[]> {
  return api<PaymentMethodOption[]>(`v1/checkout/payment-methods${toQueryString({ addressId, deliveryMethod })}`, {
    signal,
  });
}

export function usePaymentMethods(addressId: number | undefined, deliveryMethod: DeliveryMethodCode | undefined) {
  return useQuery({
    queryKey: checkoutKeys.paymentMethods(addressId, deliveryMethod),
    queryFn: ({ signal }) => getPaymentMethods(addressId!, deliveryMethod!, signal),
    enabled: addressId !== undefined && deliveryMethod !== undefined,
    // Asked again on every visit: the cart may have changed the total.
    refetchOnMount: 'always',
    meta: { errorToast: false },
  });
}
