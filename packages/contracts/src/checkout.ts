import { z } from 'zod';
import { AddressIdSchema } from './addresses.ts';
import { DELIVERY_METHOD_CODES } from './delivery.ts';
import { PAYMENT_METHODS, type PaymentMethod } from './fulfilment.ts';

/** How long copies stay reserved for an unpaid checkout (Stripe's shortest session life too). */
export const CHECKOUT_SESSION_MINUTES = 30;
/**
 * Most copies of one title an order (and so a cart line) may hold, so no customer can hold a
 * title's whole stock while they decide; more is a bulk order, arranged with the shop (decision 057).
 */
export const MAX_COPIES_PER_TITLE = 20;

export const CheckoutMessages = {
  addressRequired: 'Choose a delivery address.',
  deliveryMethodRequired: 'Choose a delivery method.',
  deliveryMethodInvalid: 'Choose Standard Delivery or Next-Day Delivery.',
  emptyCart: 'Your cart is empty. Add a book before checking out.',
  addressNotFound: 'This address does not exist.',
  sessionIdRequired: 'sessionId is required.',
  sessionIdInvalid: 'sessionId is not a checkout session id.',
  sessionNotFound: 'This checkout session does not exist.',
  /** Names the book and how many copies are left. */
  notEnoughStock: (title: string, left: number) =>
    left === 0
      ? `"${title}" is out of stock.`
      : `Only ${left} ${left === 1 ? 'copy' : 'copies'} of "${title}" ${left === 1 ? 'is' : 'are'} left.`,
  /** A book staff hid from the storefront after it went into the cart (decision 032). */
  bookUnavailable: (title: string) => `"${title}" is no longer available. Remove it from your cart to check out.`,
  paymentsUnavailable: 'Payments are unavailable right now. Please try again in a few minutes.',
  copiesPerTitleMax: `An order can include at most ${MAX_COPIES_PER_TITLE} copies of a title. For a bulk order, please write to us at /contact-us.`,
  /** A newer checkout of the same customer (another tab or device) replaced this one while it was being opened. */
  checkoutReplaced: 'Your checkout was replaced by a newer one from another tab or device. Please try again.',
} as const;

/**
 * Cash on delivery (issue 22, decision 081): the courier takes the money at the door, so it is
 * offered only where the shop's own couriers collect cash (the UAE) and only up to an amount a
 * courier may carry, with a fee for the handling.
 */
export const COD_COUNTRY = 'AE';
/** The most an order paid in cash may come to, the fee included (Dhs 1,000.00). */
export const COD_MAX_TOTAL_FILS = 100_000;
/** The cash-on-delivery fee (Dhs 10.00), its own line on the order. */
export const COD_FEE_FILS = 1_000;
export const COD_FEE_LABEL = 'Cash on delivery fee';

/** What /checkout says under 'Cash on delivery': the fee and the limit. */
export const COD_EXPLANATION =
  'Pay the courier in cash when your books arrive. A fee of Dhs 10.00 is added; available for delivery addresses in the UAE on orders up to Dhs 1,000.00, the fee included.';

export const PaymentMethodNames = { card: 'Pay by card', cod: 'Cash on delivery' } as const satisfies Record<
  PaymentMethod,
  string
>;

export const CodMessages = {
  outsideUae: 'Cash on delivery is available only for delivery addresses in the UAE.',
  overLimit: 'Cash on delivery is available only for orders up to Dhs 1,000.00, the Dhs 10.00 fee included.',
  paymentMethodInvalid: "Choose 'card' or 'cod'.",
  /** Staff delivering a cash-on-delivery parcel confirm the money was taken; a refused one is cancelled instead. */
  cashNotCollected:
    'Confirm the cash was collected (cashCollected: true). If the customer refused the parcel, cancel the order instead.',
  notPayable: 'This order is paid in cash on delivery.',
  /** The customer's own cancel of a cash order whose parcel is already on its way. */
  shippedNoCancel:
    'Your order is already on its way, so it can no longer be cancelled here. You can refuse the parcel when the courier arrives.',
} as const;

/** `POST v1/checkout/create-session`. */
export const CreateCheckoutSessionSchema = z.object({
  addressId: z
    .unknown()
    .refine((v) => v !== undefined && v !== null, CheckoutMessages.addressRequired)
    .pipe(AddressIdSchema),
  deliveryMethod: z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', CheckoutMessages.deliveryMethodRequired)
    .pipe(z.enum(DELIVERY_METHOD_CODES, { error: CheckoutMessages.deliveryMethodInvalid })),
  /** `card` (the provider's payment page) unless the customer chose cash on delivery (decision 081). */
  paymentMethod: z.enum(PAYMENT_METHODS, { error: CodMessages.paymentMethodInvalid }).default('card'),
});
export type CreateCheckoutSession = z.infer<typeof CreateCheckoutSessionSchema>;

export const CheckoutSessionSchema = z.object({
  orderId: z.number().int(),
  /** The provider's session id (Stripe's cs_…; the sandbox's cs_test_…). */
  sessionId: z.string(),
  /** The provider's hosted payment page: the browser goes there next. */
  url: z.string(),
  /** ISO 8601: when the reserved copies are released unless paid. */
  expiresAt: z.string(),
});
export type CheckoutSession = z.infer<typeof CheckoutSessionSchema>;

/** `GET v1/checkout/checkout-success?sessionId=` and `…/checkout-cancelled?sessionId=`. */
export const CheckoutSessionQuerySchema = z.object({
  sessionId: z
    .string({ error: CheckoutMessages.sessionIdRequired })
    .min(1, CheckoutMessages.sessionIdRequired)
    .max(255, CheckoutMessages.sessionIdInvalid)
    .regex(/^cs_[A-Za-z0-9_]+$/, CheckoutMessages.sessionIdInvalid),
});

/** `POST v1/checkout/create-session` for cash on delivery: the order is placed; the browser goes to the shop's confirmation page. */
export const CashOrderPlacedSchema = z.object({
  orderId: z.number().int(),
  /** `/checkout/success?orderId=…`. */
  url: z.string(),
});
export type CashOrderPlaced = z.infer<typeof CashOrderPlacedSchema>;

/** `GET v1/checkout/payment-methods?addressId=&deliveryMethod=`. */
export const PaymentMethodsQuerySchema = z.object({
  addressId: z.coerce
    .number({ error: CheckoutMessages.addressRequired })
    .int(CheckoutMessages.addressRequired)
    .positive(CheckoutMessages.addressRequired)
    .max(2_147_483_647, CheckoutMessages.addressRequired),
  deliveryMethod: z.enum(DELIVERY_METHOD_CODES, { error: CheckoutMessages.deliveryMethodInvalid }),
});
export type PaymentMethodsQuery = z.infer<typeof PaymentMethodsQuerySchema>;

export const PaymentMethodOptionSchema = z.object({
  code: z.enum(PAYMENT_METHODS),
  name: z.string(),
  available: z.boolean(),
  /** Dirhams added to the order for this method. */
  fee: z.number(),
  /** Why it cannot be chosen; null when available. */
  reason: z.string().nullable(),
});
export type PaymentMethodOption = z.infer<typeof PaymentMethodOptionSchema>;
export const PaymentMethodOptionsSchema = z.array(PaymentMethodOptionSchema);
