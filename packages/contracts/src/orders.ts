import { z } from 'zod';
import { arabic } from './catalogue.ts';
import { CHECKOUT_SESSION_MINUTES } from './checkout.ts';
import { DELIVERY_METHOD_CODES } from './delivery.ts';
import { EMIRATES } from './emirates.ts';
import { OrderStatus } from './enums.ts';
import {
  FULFILMENT_EVENTS,
  FULFILMENT_STATUSES,
  PAYMENT_METHODS,
  ShipmentSchema,
  fulfilmentStatusFilter,
} from './fulfilment.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { ReturnSchema } from './returns.ts';
import { freeText } from './text.ts';
import { CREDIT_NOTE_NUMBER_PATTERN, OrderDocumentSchema } from './vat.ts';

/**
 * Orders as the API answers them (issue 8). Money travels as decimal AED with two places, as
 * everywhere; the database keeps integer fils. An order holds snapshots: the prices, the
 * address and the delivery fee as they were when the customer went to pay.
 */

export const ORDER_STATUS_NAMES: Record<OrderStatus, string> = {
  [OrderStatus.Pending]: 'Pending',
  [OrderStatus.Completed]: 'Completed',
  [OrderStatus.Cancelled]: 'Cancelled',
};
export const ORDER_STATUSES = [OrderStatus.Pending, OrderStatus.Completed, OrderStatus.Cancelled] as const;

/** 'BK-000123': what customers quote to support and see in e-mails. */
export const orderNumber = (id: number): string => `BK-${String(id).padStart(6, '0')}`;

export const OrderMessages = {
  idInvalid: 'Order id must be a positive whole number.',
  notFound: 'This order does not exist.',
  statusInvalid: 'Status must be 1 (Pending), 2 (Completed) or 3 (Cancelled).',
  dateInvalid: 'Use a date such as 2026-01-31.',
  dateRange: 'The start date must not be after the end date.',
  customerMax: 'Customer filter must be at most 100 characters long.',
  onlyCancel: 'Staff can only cancel an order: send status 3.',
  reasonRequired: 'Give a reason for the cancellation.',
  reasonMax: 'The reason must be at most 500 characters long.',
  alreadyCancelled: 'This order is already cancelled.',
  cancelled: 'Order cancelled.',
  refunded: 'Order cancelled and refunded.',
  /** 409 to the customer's Pay now or Cancel: it was paid, cancelled or expired meanwhile. */
  notAwaitingPayment: 'This order is no longer awaiting payment.',
} as const;

/**
 * Why an order was cancelled when staff did not give a reason (decision 072): shown to the
 * customer on the order and to staff, as the reason staff type is.
 */
export const CancelReasons = {
  expired: `Payment was not completed within ${CHECKOUT_SESSION_MINUTES} minutes`,
  byCustomer: 'Cancelled by the customer before payment',
  paymentPageLeft: 'The payment page was left without paying',
  paymentFailed: 'The payment did not go through',
  replaced: 'Replaced by a newer checkout',
} as const;

/**
 * What happened to the money of a cancelled paid order: the refund is asked of the provider
 * through a retried job, so it is 'pending' until the provider confirms it.
 */
export const REFUND_STATUSES = ['pending', 'refunded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const OrderItemSchema = z.object({
  bookId: z.number().int(),
  title: z.string(),
  /** The Arabic title when the order was placed, or null (decision 090). */
  titleAr: arabic(),
  imageUrl: z.string(),
  /** Unit price before the discount, decimal AED. */
  price: z.number(),
  discountPercentage: z.number(),
  /** Unit price paid, decimal AED. */
  discountedPrice: z.number(),
  quantity: z.number().int(),
  /** discountedPrice × quantity, decimal AED. */
  lineTotal: z.number(),
});

export const OrderAddressSchema = z.object({
  address: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  city: z.string(),
  phoneNo: z.string(),
  zipCode: z.string(),
  /** The address's emirate at checkout; null: not given, or outside the UAE (decision 079). */
  emirate: z.enum(EMIRATES).nullable(),
  /** Whom the courier hands the parcel to; null only for orders placed before it was kept. */
  recipientName: z.string().nullable(),
});

/**
 * One line of an order's history: a change of its status (`status` 1–3, `event` null) or a
 * fulfilment event (`status` null, `event` packed/shipped/delivered, with its shipment), oldest
 * first. `statusName` is what a person reads either way: 'Completed', 'Shipped'…
 */
export const OrderHistoryEntrySchema = z.object({
  status: z.number().int().nullable(),
  statusName: z.string(),
  event: z.enum(FULFILMENT_EVENTS).nullable(),
  shipmentId: z.number().int().nullable(),
  /** A step of a return (issue 22, decision 080): `statusName` is 'Return requested'…; absent otherwise. */
  returnId: z.number().int().optional(),
  /** ISO 8601. */
  at: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntrySchema>;

/** Staff also see who did a fulfilment event (null for changes of status and for a deleted account). */
export const StaffOrderHistoryEntrySchema = OrderHistoryEntrySchema.extend({
  by: z.object({ id: z.number().int(), userName: z.string() }).nullable(),
});

export const OrderSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** While Pending: when the reserved copies are released if the customer has not paid. */
  expiresAt: z.string().nullable(),
  items: z.array(OrderItemSchema),
  /** Sum of price × quantity, before discounts. */
  itemsTotal: z.number(),
  /** How much the discounts took off itemsTotal. */
  discountTotal: z.number(),
  deliveryMethod: z.object({ code: z.enum(DELIVERY_METHOD_CODES), name: z.string() }),
  deliveryFee: z.number(),
  /** The 'Cash on delivery fee' line (decision 081); 0 for a card order. */
  codFee: z.number(),
  /** itemsTotal − discountTotal + deliveryFee + codFee: what the card is charged or the courier collects. */
  total: z.number(),
  address: OrderAddressSchema,
  history: z.array(OrderHistoryEntrySchema),
  /** `card`, or `cod` when the courier collects the money (decision 081). */
  paymentMethod: z.enum(PAYMENT_METHODS),
  fulfilmentStatus: z.enum(FULFILMENT_STATUSES),
  /** 'Unfulfilled', 'Packed', 'Partially shipped', 'Shipped' or 'Delivered'. */
  fulfilmentStatusName: z.string(),
  /** Its parcels, oldest first. */
  shipments: z.array(ShipmentSchema),
  /** Returns the customer asked for, oldest first (decision 080). */
  returns: z.array(ReturnSchema),
  /**
   * Why it was cancelled (shown to the customer too): the reason staff gave, or one of
   * `CancelReasons`; null for an order cancelled before reasons were kept.
   */
  cancelReason: z.string().nullable(),
  /** Null unless a paid order was cancelled and its payment is being, or was, refunded. */
  refundStatus: z.enum(REFUND_STATUSES).nullable(),
  /**
   * Placed through the TEST MODE sandbox (no card was charged: decision 060); false when it went
   * to Stripe. Fixed when the order is created, whatever the shop's provider is today.
   */
  testMode: z.boolean(),
  /**
   * The VAT inside `total` (decision 085), by the same rule as its documents: per line (each book,
   * the delivery fee, the cash-on-delivery fee) VAT = gross × rate / (100 + rate) rounded half up
   * to the fils, summed. The rate is its invoice's, else the shop's now (0 when not VAT-registered).
   */
  vatRate: z.number(),
  vatAmount: z.number(),
  /** total − vatAmount, decimal AED. */
  netAmount: z.number(),
  /** Its tax invoice and credit notes, oldest first; `url` downloads the PDF (owner and staff). */
  documents: z.array(OrderDocumentSchema),
});
export type Order = z.infer<typeof OrderSchema>;

/** What staff see of an order (list rows, the order page, a cancellation's answer): the order plus who placed it. */
export const StaffOrderSchema = OrderSchema.extend({
  customerEmail: z.string(),
  customerUserName: z.string(),
  history: z.array(StaffOrderHistoryEntrySchema),
});
export type StaffOrder = z.infer<typeof StaffOrderSchema>;

/**
 * `GET v1/orders/{id}` answers by caller: staff who may view orders get any order as
 * StaffOrderSchema, a customer gets their own as OrderSchema (never who placed it). The staff
 * shape comes first so that, when the answer is serialised, its customer fields are kept.
 */
export const OrderForCallerSchema = z
  .union([
    StaffOrderSchema.describe('For staff with orders:view: any order, with the customer who placed it'),
    OrderSchema.describe("For a customer: their own order (another customer's is 404)"),
  ])
  .describe(
    'Staff with orders:view: any order with customerEmail and customerUserName (StaffOrder). A customer: their own order (Order).',
  );

const statusFilter = z.coerce
  .number({ error: OrderMessages.statusInvalid })
  .refine((n): n is OrderStatus => (ORDER_STATUSES as readonly number[]).includes(n), OrderMessages.statusInvalid);

const isoDate = z
  .string({ error: OrderMessages.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, OrderMessages.dateInvalid)
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    OrderMessages.dateInvalid,
  );

/** `GET v1/orders/customer`: the signed-in customer's orders, newest first. */
export const CustomerOrderQuerySchema = PageQuerySchema.extend({ status: statusFilter.optional() });
export type CustomerOrderQuery = z.infer<typeof CustomerOrderQuerySchema>;

/** `GET v1/orders` (staff): every order, newest first; `from`/`to` are inclusive dates (UTC). */
const staffOrderFilters = {
  status: statusFilter.optional(),
  fulfilmentStatus: fulfilmentStatusFilter.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  customer: z.string().trim().max(100, OrderMessages.customerMax).optional(),
};
const fromNotAfterTo: [(q: { from?: string; to?: string }) => boolean, { message: string; path: string[] }] = [
  (q) => !q.from || !q.to || q.from <= q.to,
  { message: OrderMessages.dateRange, path: ['to'] },
];
export const StaffOrderQuerySchema = PageQuerySchema.extend(staffOrderFilters).refine(...fromNotAfterTo);
export type StaffOrderQuery = z.infer<typeof StaffOrderQuerySchema>;

export const OrderParamsSchema = z.object({
  id: z.coerce
    .number({ error: OrderMessages.idInvalid })
    .int(OrderMessages.idInvalid)
    .positive(OrderMessages.idInvalid)
    .max(2_147_483_647, OrderMessages.idInvalid),
});

/** The tax documents' downloads (decision 085). */
export const TaxDocumentMessages = {
  creditNoteNumberInvalid: 'A credit note number looks like CN-2026-000001.',
  noInvoice: 'This order has no invoice yet: it is issued when the order is paid.',
  noCreditNote: 'This order has no such credit note.',
  /** The storefront's and the staff order page's links. */
  downloadInvoice: 'Download invoice',
  downloadCreditNote: (number: string) => `Download credit note ${number}`,
  downloadFailed: 'The document could not be downloaded. Please try again.',
} as const;

/** `GET v1/orders/{id}/credit-notes/{number}`. */
export const CreditNoteParamsSchema = OrderParamsSchema.extend({
  number: z.string().regex(CREDIT_NOTE_NUMBER_PATTERN, TaxDocumentMessages.creditNoteNumberInvalid),
});

export const OrderPageSchema = pageOf(OrderSchema);
export const StaffOrderPageSchema = pageOf(StaffOrderSchema);

/**
 * `PATCH v1/orders/{id}/status` (ManageOrders). Staff may only cancel: a Pending order releases
 * its copies, a Completed one is refunded through the provider and its copies go back to stock.
 * Any other transition, or cancelling a cancelled order, is 409.
 */
export const ChangeOrderStatusSchema = z.object({
  status: z.literal(OrderStatus.Cancelled, { error: OrderMessages.onlyCancel }),
  reason: freeText(
    z
      .string({ error: OrderMessages.reasonRequired })
      .trim()
      .min(1, OrderMessages.reasonRequired)
      .max(500, OrderMessages.reasonMax),
    OrderMessages.reasonRequired,
  ),
});
export type ChangeOrderStatus = z.infer<typeof ChangeOrderStatusSchema>;

/** `GET v1/orders/export.csv` takes the staff list's filters, without paging. */
export const OrderExportQuerySchema = z.object(staffOrderFilters).refine(...fromNotAfterTo);
export type OrderExportQuery = z.infer<typeof OrderExportQuerySchema>;
