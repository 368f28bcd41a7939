import { z } from 'zod';
import { FREE_DELIVERY_THRESHOLD_FILS } from './constants.ts';
import { filsToAed } from './money.ts';

/**
 * Delivery fees and rules, in one place: the API quotes them, checkout charges them and the
 * storefront shows "Dhs X more for free delivery" from the same functions.
 * See docs/decisions/011-delivery-methods-and-fees.md.
 */

export const DeliveryMethodCode = { Standard: 'standard', NextDay: 'next-day' } as const;
export type DeliveryMethodCode = (typeof DeliveryMethodCode)[keyof typeof DeliveryMethodCode];
export const DELIVERY_METHOD_CODES = [DeliveryMethodCode.Standard, DeliveryMethodCode.NextDay] as const;

export const STANDARD_DELIVERY_FEE_FILS = 15_00;
export const NEXT_DAY_DELIVERY_FEE_FILS = 30_00;

export const DeliveryMessages = {
  standardName: 'Standard Delivery',
  standardDescription: 'Delivered in 2 to 4 working days. Free on orders over Dhs 150.00.',
  nextDayName: 'Next-Day Delivery',
  nextDayDescription: 'Delivered the next working day when ordered before 2 PM.',
  nextDayNotEligible: 'Next-day delivery is only offered when every book in your cart is eligible for it.',
  methodNotAvailable: 'This delivery method is not available for your cart.',
} as const;

/** What the rules need to know about an order: what the customer pays for the books, and eligibility. */
export type DeliveryOrderSummary = {
  /** Sum of discounted prices × quantities, in fils. */
  itemsTotalFils: number;
  /** True when every line's book can ship next day (vacuously true for an empty cart). */
  allItemsNextDayEligible: boolean;
};

export type DeliveryOption = {
  code: DeliveryMethodCode;
  name: string;
  description: string;
  /** What this order would pay for this method, in fils. */
  feeFils: number;
  /** The method's fee before any free-delivery rule, in fils. */
  baseFeeFils: number;
  isAvailable: boolean;
  unavailableReason: string | null;
};

/** Free delivery applies to orders strictly over the threshold (spec: "orders over 150 AED"). */
export const qualifiesForFreeDelivery = (itemsTotalFils: number): boolean =>
  itemsTotalFils > FREE_DELIVERY_THRESHOLD_FILS;

/** How much more (fils) the books must cost before standard delivery is free; 0 once it is. */
export const amountToFreeDeliveryFils = (itemsTotalFils: number): number =>
  qualifiesForFreeDelivery(itemsTotalFils) ? 0 : FREE_DELIVERY_THRESHOLD_FILS - itemsTotalFils + 1;

/** Every delivery method with its fee for this order and whether it may be chosen. */
export function deliveryOptions(order: DeliveryOrderSummary): DeliveryOption[] {
  return [
    {
      code: DeliveryMethodCode.Standard,
      name: DeliveryMessages.standardName,
      description: DeliveryMessages.standardDescription,
      feeFils: qualifiesForFreeDelivery(order.itemsTotalFils) ? 0 : STANDARD_DELIVERY_FEE_FILS,
      baseFeeFils: STANDARD_DELIVERY_FEE_FILS,
      isAvailable: true,
      unavailableReason: null,
    },
    {
      code: DeliveryMethodCode.NextDay,
      name: DeliveryMessages.nextDayName,
      description: DeliveryMessages.nextDayDescription,
      // Express delivery keeps its fee: the free-delivery promise is for standard shipping.
      feeFils: NEXT_DAY_DELIVERY_FEE_FILS,
      baseFeeFils: NEXT_DAY_DELIVERY_FEE_FILS,
      isAvailable: order.allItemsNextDayEligible,
      unavailableReason: order.allItemsNextDayEligible ? null : DeliveryMessages.nextDayNotEligible,
    },
  ];
}

/** The fee checkout charges; undefined when the method cannot be chosen for this order. */
export function deliveryFeeFils(code: DeliveryMethodCode, order: DeliveryOrderSummary): number | undefined {
  const option = deliveryOptions(order).find((o) => o.code === code);
  return option?.isAvailable ? option.feeFils : undefined;
}

export const DeliveryMethodSchema = z.object({
  code: z.enum(DELIVERY_METHOD_CODES),
  name: z.string(),
  description: z.string(),
  /** Decimal AED this order pays (0 when free). */
  fee: z.number(),
  /** Decimal AED before the free-delivery rule. */
  baseFee: z.number(),
  isAvailable: z.boolean(),
  unavailableReason: z.string().nullable(),
});
export type DeliveryMethod = z.infer<typeof DeliveryMethodSchema>;

/** `GET v1/customers-addresses/delivery-methods`: a quote for the signed-in customer's cart. */
export const DeliveryQuoteSchema = z.object({
  /** The cart's total after discounts, decimal AED: what the free-delivery rule looks at. */
  itemsTotal: z.number(),
  freeDeliveryThreshold: z.number(),
  /** Decimal AED still needed for free standard delivery; 0 once it is free. */
  amountToFreeDelivery: z.number(),
  methods: z.array(DeliveryMethodSchema),
});
export type DeliveryQuote = z.infer<typeof DeliveryQuoteSchema>;

export const toDeliveryMethod = (option: DeliveryOption): DeliveryMethod => ({
  code: option.code,
  name: option.name,
  description: option.description,
  fee: filsToAed(option.feeFils),
  baseFee: filsToAed(option.baseFeeFils),
  isAvailable: option.isAvailable,
  unavailableReason: option.unavailableReason,
});

export const deliveryQuote = (order: DeliveryOrderSummary): DeliveryQuote => ({
  itemsTotal: filsToAed(order.itemsTotalFils),
  freeDeliveryThreshold: filsToAed(FREE_DELIVERY_THRESHOLD_FILS),
  amountToFreeDelivery: filsToAed(amountToFreeDeliveryFils(order.itemsTotalFils)),
  methods: deliveryOptions(order).map(toDeliveryMethod),
});
