import {
  DeliveryMessages,
  DeliveryMethodCode,
  deliveryFeeFils,
  deliveryQuote,
  type DeliveryOrderSummary,
  type DeliveryQuote,
} from '@bookshop/contracts/delivery';
import type { Tx } from '../../platform/db.ts';
import { conflict } from '../../platform/errors.ts';
import type { CartService } from '../cart/service.ts';

/**
 * Delivery methods and fees for a cart (docs/decisions/011-delivery-methods-and-fees.md). The
 * rules live in contracts, shared with the storefront; this service applies them to the
 * customer's cart, and to the order checkout is about to charge.
 */
export function createDeliveryService(deps: { cart: Pick<CartService, 'deliveryOrderSummary'> }) {
  return {
    /** GET v1/customers-addresses/delivery-methods answers this. */
    async quoteForCart(customerId: number, options: { tx?: Tx } = {}): Promise<DeliveryQuote> {
      return deliveryQuote(await deps.cart.deliveryOrderSummary(customerId, options));
    },

    /** The fee in fils for this order summary; throws conflict (409, DeliveryMessages.nextDayNotEligible) when the method is unavailable. */
    feeFils(code: DeliveryMethodCode, order: DeliveryOrderSummary): number {
      const fee = deliveryFeeFils(code, order);
      if (fee === undefined)
        throw conflict(
          code === DeliveryMethodCode.NextDay
            ? DeliveryMessages.nextDayNotEligible
            : DeliveryMessages.methodNotAvailable,
        );
      return fee;
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
