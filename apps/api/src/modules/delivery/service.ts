import type { Address } from '@bookshop/contracts/addresses';
import {
  DeliveryMessages,
  deliveryCountriesText,
  deliveryOptions,
  deliveryQuote,
  isOutsideEveryZone,
  type DeliveryDestination,
  type DeliveryMethodCode,
  type DeliveryOrderSummary,
  type DeliveryQuote,
} from '@bookshop/contracts/delivery';
import type { Tx } from '../../platform/db.ts';
import { conflict } from '../../platform/errors.ts';
import type { CartService } from '../cart/service.ts';

/** Where an address is, as delivery zones judge it (decision 079). */
export const destinationOf = (address: Pick<Address, 'country' | 'city' | 'emirate'>): DeliveryDestination => ({
  country: address.country,
  city: address.city,
  emirate: address.emirate,
});

/** 409 when no method reaches the destination: the address, not the method, is what must change. */
function refuseOutsideEveryZone(destination: DeliveryDestination | undefined): void {
  if (destination && isOutsideEveryZone(destination))
    throw conflict(DeliveryMessages.outsideZones(deliveryCountriesText()));
}

/**
 * Delivery methods and fees for a cart (docs/decisions/011-delivery-methods-and-fees.md), and
 * where each is offered (decision 079). The rules live in contracts, shared with the
 * storefront; this service applies them to the customer's cart and address, and to the order
 * checkout is about to charge.
 */
export function createDeliveryService(deps: {
  cart: Pick<CartService, 'deliveryOrderSummary'>;
  addresses: { get(customerId: number, id: number, options?: { tx?: Tx }): Promise<Address> };
}) {
  return {
    /**
     * GET v1/customers-addresses/delivery-methods answers this: the cart's quote, judged for the
     * address when one is named (404 unless it is the customer's; 409 when no method reaches it).
     */
    async quoteForCart(customerId: number, options: { tx?: Tx; addressId?: number } = {}): Promise<DeliveryQuote> {
      const destination =
        options.addressId === undefined
          ? undefined
          : destinationOf(await deps.addresses.get(customerId, options.addressId, options));
      refuseOutsideEveryZone(destination);
      const summary = await deps.cart.deliveryOrderSummary(customerId, options);
      return deliveryQuote({ ...summary, ...(destination && { destination }) });
    },

    /**
     * The fee in fils for this order summary; throws conflict (409) saying why when the method
     * cannot be chosen: the address is outside every zone, outside this method's, or a book is
     * not eligible.
     */
    feeFils(code: DeliveryMethodCode, order: DeliveryOrderSummary): number {
      refuseOutsideEveryZone(order.destination);
      const option = deliveryOptions(order).find((o) => o.code === code);
      if (!option?.isAvailable) throw conflict(option?.unavailableReason ?? DeliveryMessages.methodNotAvailable);
      return option.feeFils;
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
