import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Emirate } from '@bookshop/contracts/emirates';
import type { FulfilmentStatus, PaymentMethod, ShipmentStatus } from '@bookshop/contracts/fulfilment';
import type { ReturnRefundStatus, ReturnStatus } from '@bookshop/contracts/returns';
import { accounts } from '../auth/schema.ts';

/**
 * Orders are accounting records (docs/decisions/028-checkout-and-orders.md): they keep snapshots
 * of what was sold, for how much and where it went, and outlive the customer's account, whose
 * row is anonymised rather than deleted (so `restrict`, never `cascade`). Money in integer fils.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    /** 1 Pending (copies reserved), 2 Completed (paid, copies sold), 3 Cancelled (copies released). */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** While Pending: when the reserved copies go back unless paid (the provider session's expiry). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    deliveryMethodCode: text('delivery_method_code').notNull(),
    deliveryMethodName: text('delivery_method_name').notNull(),
    deliveryFeeFils: integer('delivery_fee_fils').notNull(),
    /** The cash-on-delivery fee (decision 081); 0 for a card order. */
    codFeeFils: integer('cod_fee_fils').notNull().default(0),
    /** Sum of price × quantity before discounts. */
    itemsTotalFils: integer('items_total_fils').notNull(),
    discountTotalFils: integer('discount_total_fils').notNull(),
    /** itemsTotal − discountTotal + deliveryFee: what the card is charged. */
    totalFils: integer('total_fils').notNull(),
    // The delivery address as it was at checkout; the customer may edit or delete it later.
    address: text('address').notNull(),
    country: text('country').notNull(),
    city: text('city').notNull(),
    phoneNo: text('phone_no').notNull(),
    zipCode: text('zip_code').notNull().default(''),
    /** The address's emirate at checkout; null: not given or outside the UAE (decision 079). */
    emirate: text('emirate').$type<Emirate>(),
    /** Whom the parcel is handed to: the address's recipient, else the customer's name at checkout. */
    recipientName: text('recipient_name'),
    provider: text('provider').notNull(),
    /** Null only between the order's insert and the provider's answer. */
    providerSessionId: text('provider_session_id'),
    paymentIntentId: text('payment_intent_id'),
    /** A payment that arrived after the order was cancelled and could not be honoured was refunded. */
    refundId: text('refund_id'),
    /** Why the order was cancelled: staff's words (decision 033) or one of `CancelReasons` (decision 072). */
    cancelReason: text('cancel_reason'),
    /** Who cancelled it: a staff member, or the customer themselves (decision 072); null when it expired or was replaced. */
    cancelledBy: integer('cancelled_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** pending → refunded, or failed after the refund job's retries; null when nothing was paid back. */
    refundStatus: text('refund_status').$type<'pending' | 'refunded' | 'failed'>(),
    /** `card` for every order until cash on delivery (issue 22). */
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull().default('card'),
    /** A second dimension beside `status` (decision 078): packed, (partially) shipped, delivered. */
    fulfilmentStatus: text('fulfilment_status').$type<FulfilmentStatus>().notNull().default('unfulfilled'),
    /** When the 'was delivered' mail was queued: its job may run twice, the mail goes once. */
    deliveredMailedAt: timestamp('delivered_mailed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_provider_session_key').on(t.providerSessionId),
    index('orders_customer_idx').on(t.customerId, t.createdAt, t.id),
    index('orders_created_idx').on(t.createdAt, t.id),
    // The dashboard (decision 033): paid orders by payment time, orders per status by creation time.
    index('orders_paid_idx')
      .on(t.paidAt, t.totalFils, t.id)
      .where(sql`${t.status} = 2`),
    index('orders_created_status_idx').on(t.createdAt, t.status),
    // Reconciliation reads Pending orders by expiry.
    index('orders_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 1`),
    check('orders_status_check', sql`${t.status} in (1, 2, 3)`),
    // The admin's 'To ship' count and fulfilment filter read paid orders by fulfilment status.
    index('orders_fulfilment_idx')
      .on(t.fulfilmentStatus, t.createdAt)
      .where(sql`${t.status} = 2`),
    check('orders_payment_method_check', sql`${t.paymentMethod} in ('card', 'cod')`),
    check(
      'orders_fulfilment_status_check',
      sql`${t.fulfilmentStatus} in ('unfulfilled', 'packed', 'partially-shipped', 'shipped', 'delivered')`,
    ),
    check('orders_refund_status_check', sql`${t.refundStatus} in ('pending', 'refunded', 'failed')`),
    check('orders_delivery_method_check', sql`${t.deliveryMethodCode} in ('standard', 'next-day')`),
    check(
      'orders_money_check',
      sql`${t.deliveryFeeFils} >= 0 and ${t.codFeeFils} >= 0 and ${t.itemsTotalFils} >= 0 and ${t.discountTotalFils} >= 0 and ${t.totalFils} >= 0`,
    ),
  ],
);

/** The lines of an order with the prices as charged. No foreign key to books: a sold book may later leave the catalogue. */
export const orderItems = pgTable(
  'order_items',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    bookId: integer('book_id').notNull(),
    title: text('title').notNull(),
    /** The book's Arabic title at checkout, if it had one (decision 090). */
    titleAr: text('title_ar'),
    /** Storage key of the book's main image at checkout, without width and extension. */
    imageKey: text('image_key'),
    priceFils: integer('price_fils').notNull(),
    discountPercentage: numeric('discount_percentage', { precision: 5, scale: 2 }).notNull(),
    discountedPriceFils: integer('discounted_price_fils').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.bookId] }),
    check('order_items_quantity_check', sql`${t.quantity} >= 1`),
    check('order_items_price_check', sql`${t.priceFils} >= 0 and ${t.discountedPriceFils} >= 0`),
  ],
);

/**
 * Copies and revenue per book per Dubai day of payment, over the orders that are Completed now:
 * the dashboard's best sellers sum at most 30 days of these instead of every line of every paid
 * order (decision 038). Kept in step by triggers of migration 0016 in the transaction that pays,
 * refunds or adds lines to an order, so no code path can forget it.
 */
export const bookSalesByDay = pgTable(
  'book_sales_by_day',
  {
    day: date('day').notNull(),
    bookId: integer('book_id').notNull(),
    copies: integer('copies').notNull(),
    revenueFils: bigint('revenue_fils', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.bookId] })],
);

/** Each status an order went through, with its time. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.id)],
);

/** A parcel handed to a carrier (decision 078): some or all of an order's copies. */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** One of `CARRIERS` in contracts. */
    carrier: text('carrier').notNull(),
    /** Null only for the shop's own van. */
    trackingNumber: text('tracking_number'),
    status: text('status').$type<ShipmentStatus>().notNull().default('shipped'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When the 'is on its way' mail was queued: its job may run twice, the mail goes once. */
    shippedMailedAt: timestamp('shipped_mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('shipments_order_idx').on(t.orderId, t.id),
    check('shipments_status_check', sql`${t.status} in ('shipped', 'delivered')`),
  ],
);

/** The copies in a parcel. */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    bookId: integer('book_id').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.bookId] }),
    check('shipment_lines_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/** What happened to an order after the sale, with its time and the staff member who did it. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    shipmentId: integer('shipment_id').references(() => shipments.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => accounts.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    check('order_events_event_check', sql`${t.event} in ('packed', 'shipped', 'delivered')`),
  ],
);

/**
 * Returns (issue 22, decision 080): a customer's request to send back delivered copies. Its lines
 * keep the price paid, so the refund never depends on today's price; `refundFils` is their sum.
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    status: text('status').$type<ReturnStatus>().notNull().default('requested'),
    reason: text('reason').notNull(),
    refundFils: integer('refund_fils').notNull(),
    /** Null until received; pending → refunded/failed (card), owed → paid (cash on delivery). */
    refundStatus: text('refund_status').$type<ReturnRefundStatus>(),
    refundId: text('refund_id'),
    restockedAt: timestamp('restocked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('order_returns_order_idx').on(t.orderId, t.id),
    index('order_returns_status_idx').on(t.status, t.id),
    check('order_returns_status_check', sql`${t.status} in ('requested', 'approved', 'rejected', 'received')`),
    check(
      'order_returns_refund_status_check',
      sql`${t.refundStatus} in ('pending', 'refunded', 'failed', 'owed', 'paid')`,
    ),
  ],
);

export const returnLines = pgTable(
  'return_lines',
  {
    returnId: integer('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    bookId: integer('book_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** The order line's discounted price, as paid. */
    priceFils: integer('price_fils').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.bookId] }),
    check('return_lines_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/** Each step of a return, with who took it (null: the customer) and staff's note. */
export const returnEvents = pgTable(
  'return_events',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    status: text('status').$type<ReturnStatus>().notNull(),
    staffId: integer('staff_id').references(() => accounts.id, { onDelete: 'set null' }),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('return_events_return_idx').on(t.returnId, t.id)],
);
