import { z } from 'zod';

/**
 * After the sale (issue 22, decision 078): an order is packed, shipped in one or more parcels,
 * each with a carrier and a tracking number, and delivered. Fulfilment is a second dimension
 * beside the order's status (1 Pending, 2 Completed = paid, 3 Cancelled), which stays as it is.
 */

/** How the order is paid; every order is `card` until cash on delivery arrives. */
export const PAYMENT_METHODS = ['card', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** How staff read a payment method (the orders export). */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = { card: 'Card', cod: 'Cash on delivery' };

export const FULFILMENT_STATUSES = ['unfulfilled', 'packed', 'partially-shipped', 'shipped', 'delivered'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

export const FULFILMENT_STATUS_NAMES: Record<FulfilmentStatus, string> = {
  unfulfilled: 'Unfulfilled',
  packed: 'Packed',
  'partially-shipped': 'Partially shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
};

/** Once one of these, some copies left the shop: the order can no longer be cancelled, only returned. */
export const SHIPPED_FULFILMENT_STATUSES: readonly FulfilmentStatus[] = ['partially-shipped', 'shipped', 'delivered'];

export const SHIPMENT_STATUSES = ['shipped', 'delivered'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** What the history names a fulfilment event. */
export const FULFILMENT_EVENTS = ['packed', 'shipped', 'delivered'] as const;
export type FulfilmentEvent = (typeof FULFILMENT_EVENTS)[number];
export const FULFILMENT_EVENT_NAMES: Record<FulfilmentEvent, string> = {
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
};

/** Where a tracking URL template takes the number. */
export const TRACKING_NUMBER_PLACEHOLDER = '{trackingNumber}';

/**
 * The couriers the shop hands parcels to, with the public page that tracks a parcel (the
 * carrier's own "track" page, its number in the query). The shop's own van has no such page.
 */
export const CARRIERS = [
  {
    code: 'aramex',
    name: 'Aramex',
    trackingUrlTemplate: `https://www.aramex.com/track/results?ShipmentNumber=${TRACKING_NUMBER_PLACEHOLDER}`,
  },
  {
    code: 'emirates-post',
    name: 'Emirates Post',
    trackingUrlTemplate: `https://www.emiratespost.ae/English/track-and-trace?TrackingNumber=${TRACKING_NUMBER_PLACEHOLDER}`,
  },
  {
    code: 'dhl-express',
    name: 'DHL Express',
    trackingUrlTemplate: `https://www.dhl.com/ae-en/home/tracking/tracking-express.html?submit=1&tracking-id=${TRACKING_NUMBER_PLACEHOLDER}`,
  },
  { code: 'shop-courier', name: 'Shop courier', trackingUrlTemplate: null },
] as const satisfies readonly { code: string; name: string; trackingUrlTemplate: string | null }[];
export type CarrierCode = (typeof CARRIERS)[number]['code'];
export const CARRIER_CODES = CARRIERS.map((c) => c.code) as [CarrierCode, ...CarrierCode[]];
/** The carrier whose tracking number is optional: the shop's own van. */
export const SHOP_COURIER: CarrierCode = 'shop-courier';

export const carrierOf = (code: string) => CARRIERS.find((c) => c.code === code);

/** The carrier's tracking page for this number; null for a carrier without one or a parcel without a number. */
export function trackingUrl(code: string, trackingNumber: string | null): string | null {
  const template = carrierOf(code)?.trackingUrlTemplate;
  if (!template || !trackingNumber) return null;
  return template.replace(TRACKING_NUMBER_PLACEHOLDER, encodeURIComponent(trackingNumber));
}

export const CarrierSchema = z.object({
  code: z.enum(CARRIER_CODES),
  name: z.string(),
  /** The tracking page with `{trackingNumber}` where the number goes; null for the shop's own van. */
  trackingUrlTemplate: z.string().nullable(),
});
export const CarrierListSchema = z.array(CarrierSchema);
export type Carrier = z.infer<typeof CarrierSchema>;

export const FulfilmentMessages = {
  packOnly: "Send status 'packed': shipments record the rest.",
  notPaid: 'This order is not paid yet: it cannot be packed or shipped.',
  cancelled: 'This order is cancelled: it cannot be packed or shipped.',
  alreadyPacked: 'This order is already packed.',
  alreadyShipped: 'This order has already shipped.',
  nothingToShip: 'Every copy of this order has already shipped.',
  carrierUnknown: 'Choose one of the carriers: Aramex, Emirates Post, DHL Express or Shop courier.',
  trackingNumberRequired: 'Enter the tracking number the carrier gave you.',
  trackingNumberFormat: 'The tracking number must be 4 to 40 letters, digits or dashes.',
  lineBookInvalid: 'Book id must be a positive whole number.',
  lineQuantityInvalid: 'Quantity must be a whole number of at least 1.',
  linesEmpty: 'Choose at least one line to ship.',
  linesDuplicate: 'Name each book once.',
  lineNotInOrder: (bookId: number) => `Book ${bookId} is not in this order.`,
  lineTooMany: (title: string, left: number) =>
    `Only ${left} ${left === 1 ? 'copy' : 'copies'} of '${title}' ${left === 1 ? 'is' : 'are'} left to ship.`,
  shipmentNotFound: 'This shipment does not exist.',
  deliveredOnly: "Send status 'delivered'.",
  alreadyDelivered: 'This shipment is already delivered.',
  noCashToCollect: 'This order was paid by card: there is no cash to collect.',
  /** 409 to a cancellation once anything has shipped. */
  cancelShipped:
    'Copies of this order have already shipped, so it can no longer be cancelled: record a return instead.',
  shipmentIdInvalid: 'Shipment id must be a positive whole number.',
} as const;

const TRACKING_NUMBER = /^[A-Za-z0-9-]{4,40}$/;
const positiveId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** `PATCH v1/orders/{id}/fulfilment` (orders:fulfil): only 'packed'; shipping is a shipment. */
export const UpdateFulfilmentSchema = z.object({
  status: z.literal('packed', { error: FulfilmentMessages.packOnly }),
});
export type UpdateFulfilment = z.infer<typeof UpdateFulfilmentSchema>;

export const ShipmentLineSchema = z.object({
  bookId: z
    .number({ error: FulfilmentMessages.lineBookInvalid })
    .int(FulfilmentMessages.lineBookInvalid)
    .positive(FulfilmentMessages.lineBookInvalid),
  quantity: z
    .number({ error: FulfilmentMessages.lineQuantityInvalid })
    .int(FulfilmentMessages.lineQuantityInvalid)
    .min(1, FulfilmentMessages.lineQuantityInvalid)
    .max(1000, FulfilmentMessages.lineQuantityInvalid),
});
export type ShipmentLine = z.infer<typeof ShipmentLineSchema>;

/**
 * `POST v1/orders/{id}/shipments` (orders:fulfil). `lines` defaults to every copy not yet
 * shipped; the tracking number may be left out only for the shop's own van.
 */
export const CreateShipmentSchema = z
  .object({
    carrier: z.enum(CARRIER_CODES, { error: FulfilmentMessages.carrierUnknown }),
    trackingNumber: z
      .string({ error: FulfilmentMessages.trackingNumberFormat })
      .trim()
      .regex(TRACKING_NUMBER, FulfilmentMessages.trackingNumberFormat)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    lines: z
      .array(ShipmentLineSchema)
      .min(1, FulfilmentMessages.linesEmpty)
      .max(100)
      .refine((lines) => new Set(lines.map((l) => l.bookId)).size === lines.length, FulfilmentMessages.linesDuplicate)
      .optional(),
  })
  .refine((s) => s.carrier === SHOP_COURIER || s.trackingNumber !== undefined, {
    message: FulfilmentMessages.trackingNumberRequired,
    path: ['trackingNumber'],
  });
export type CreateShipment = z.input<typeof CreateShipmentSchema>;

/** `PATCH v1/orders/{id}/shipments/{shipmentId}` (orders:fulfil). `cashCollected` is for cash on delivery. */
export const UpdateShipmentSchema = z.object({
  status: z.literal('delivered', { error: FulfilmentMessages.deliveredOnly }),
  cashCollected: z.boolean().optional(),
});
export type UpdateShipment = z.infer<typeof UpdateShipmentSchema>;

export const ShipmentParamsSchema = z.object({
  id: positiveId('Order id must be a positive whole number.'),
  shipmentId: positiveId(FulfilmentMessages.shipmentIdInvalid),
});

export const ShipmentSchema = z.object({
  id: z.number().int(),
  carrier: z.enum(CARRIER_CODES),
  carrierName: z.string(),
  /** Null only for the shop's own van when staff gave none. */
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  /** ISO 8601. */
  shippedAt: z.string(),
  deliveredAt: z.string().nullable(),
  lines: z.array(z.object({ bookId: z.number().int(), quantity: z.number().int() })),
});
export type Shipment = z.infer<typeof ShipmentSchema>;

/** The staff order list's fulfilment filter (in the admin page's URL too). */
export const fulfilmentStatusFilter = z.enum(FULFILMENT_STATUSES, {
  error: `Fulfilment status must be one of: ${FULFILMENT_STATUSES.join(', ')}.`,
});

/** `GET v1/orders/to-ship-count` (orders:view): paid orders with copies still to ship. */
export const ToShipCountSchema = z.object({ toShip: z.number().int() });
