import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  notExists,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '@bookshop/contracts/constants';
import { OrderStatus } from '@bookshop/contracts/enums';
import type { FulfilmentStatus } from '@bookshop/contracts/fulfilment';
import type { Tx } from '../../platform/db.ts';
import { accounts } from '../auth/schema.ts';
import { orderEvents, orderItems, orders, orderStatusHistory, shipmentLines, shipments } from './schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
/** The Arabic title may be left out (the demo's past orders): it is then null. */
export type NewOrderItem = Omit<OrderItemRow, 'orderId' | 'titleAr'> & { titleAr?: string | null };
export type HistoryRow = typeof orderStatusHistory.$inferSelect;

export async function insertOrder(tx: Tx, order: NewOrder, items: NewOrderItem[]): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(order).returning();
  await tx.insert(orderItems).values(items.map((item) => ({ ...item, orderId: row!.id })));
  await tx.insert(orderStatusHistory).values({ orderId: row!.id, status: row!.status, at: row!.createdAt });
  return row!;
}

/** Many orders at once, without their lines (see insertItemsAndHistory). */
export const insertOrders = (tx: Tx, values: NewOrder[]) =>
  tx
    .insert(orders)
    .values(values)
    .returning({ id: orders.id, customerId: orders.customerId, createdAt: orders.createdAt });

export async function insertItemsAndHistory(
  tx: Tx,
  items: (typeof orderItems.$inferInsert)[],
  history: (typeof orderStatusHistory.$inferInsert)[],
): Promise<void> {
  if (items.length > 0) await tx.insert(orderItems).values(items);
  if (history.length > 0) await tx.insert(orderStatusHistory).values(history);
}

export async function findOrder(tx: Tx, id: number, options: { lock?: boolean } = {}): Promise<OrderRow | undefined> {
  const query = tx.select().from(orders).where(eq(orders.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findOrderBySession(tx: Tx, sessionId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.providerSessionId, sessionId));
  return row;
}

export async function updateOrder(tx: Tx, id: number, changes: Partial<NewOrder>): Promise<void> {
  await tx
    .update(orders)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(orders.id, id));
}

/** Moves the order to `status` and writes the history line, in the caller's transaction. */
export async function setStatus(tx: Tx, id: number, status: OrderStatus, at: Date, changes: Partial<NewOrder> = {}) {
  await updateOrder(tx, id, { ...changes, status });
  await tx.insert(orderStatusHistory).values({ orderId: id, status, at });
}

/**
 * A customer's open checkouts: their Pending card orders. A cash-on-delivery order is placed, not
 * an open checkout: a new checkout never replaces it (decision 081).
 */
const openCheckoutsOf = (customerId: number | Placeholder) =>
  and(eq(orders.customerId, customerId), eq(orders.status, OrderStatus.Pending), eq(orders.paymentMethod, 'card'));

/** The customer's open checkouts, locked in id order: checkout locks them before the cart's lines. */
export const lockOpenOrders = (tx: Tx, customerId: number) =>
  tx.select().from(orders).where(openCheckoutsOf(customerId)).orderBy(asc(orders.id)).for('update');

/**
 * The id of one of the customer's open checkouts, if any, as last committed: a statement prepared
 * once for `db` (decision 121). Run it with `{ customerId }`.
 */
export const prepareOpenCheckoutIds = (db: Tx) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .where(openCheckoutsOf(sql.placeholder('customerId')))
    .limit(1)
    .prepare('open_checkout_of_customer');

export const listItems = (tx: Tx, orderIds: number[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : tx.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.bookId));

export const listHistory = (tx: Tx, orderIds: number[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : tx
        .select()
        .from(orderStatusHistory)
        .where(inArray(orderStatusHistory.orderId, orderIds))
        .orderBy(asc(orderStatusHistory.id));

export type OrderFilter = {
  customerId?: number;
  status?: OrderStatus;
  fulfilmentStatus?: FulfilmentStatus;
  /** Inclusive, UTC. */
  from?: Date;
  /** Exclusive, UTC. */
  toBefore?: Date;
  /** Part of the customer's e-mail address, user name or full name, any letter case. */
  customer?: string;
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(filter: OrderFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.customerId !== undefined) conditions.push(eq(orders.customerId, filter.customerId));
  if (filter.status !== undefined) conditions.push(eq(orders.status, filter.status));
  if (filter.fulfilmentStatus !== undefined) conditions.push(eq(orders.fulfilmentStatus, filter.fulfilmentStatus));
  if (filter.from) conditions.push(gte(orders.createdAt, filter.from));
  if (filter.toBefore) conditions.push(lt(orders.createdAt, filter.toBefore));
  if (filter.customer) {
    const pattern = likePattern(filter.customer);
    conditions.push(
      or(
        ilike(accounts.emailAddress, pattern),
        ilike(accounts.userName, pattern),
        ilike(sql`coalesce(${accounts.firstName}, '') || ' ' || coalesce(${accounts.lastName}, '')`, pattern),
      ),
    );
  }
  return and(...conditions);
}

/** Orders with who placed each: what the staff list and the staff order page read. */
const ordersWithCustomer = (tx: Tx) =>
  tx
    .select({ order: orders, customerEmail: accounts.emailAddress, customerUserName: accounts.userName })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.customerId));
export type OrderWithCustomerRow = Awaited<ReturnType<typeof ordersWithCustomer>>[number];

/** One page of orders, newest first, with who placed each. */
export const pageOrders = (tx: Tx, filter: OrderFilter, limit: number, offset: number) =>
  ordersWithCustomer(tx)
    .where(whereOf(filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);

/** Who placed each of these orders, by order id (staff's list of returns, decision 080). */
export async function customerEmails(tx: Tx, orderIds: number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const found = await ordersWithCustomer(tx).where(inArray(orders.id, orderIds));
  return new Map(found.map((row) => [row.order.id, row.customerEmail]));
}

/** One order with who placed it (staff answers). */
export const findStaffOrder = (tx: Tx, id: number) => ordersWithCustomer(tx).where(eq(orders.id, id));

export async function countOrders(tx: Tx, filter: OrderFilter): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.customerId))
    .where(whereOf(filter));
  return Number(row?.n ?? 0);
}

/** Pending orders whose session expired before `before`, oldest first (reconciliation). */
export const listPendingExpiredBefore = (tx: Tx, before: Date, limit: number) =>
  tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, OrderStatus.Pending), eq(orders.paymentMethod, 'card'), lt(orders.expiresAt, before)))
    .orderBy(asc(orders.expiresAt))
    .limit(limit);

/** Pending orders created since `since` (reconciliation asks about recent sessions too). */
export const listPendingCreatedSince = (tx: Tx, since: Date, limit: number) =>
  tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, OrderStatus.Pending), eq(orders.paymentMethod, 'card'), gte(orders.createdAt, since)))
    .orderBy(asc(orders.createdAt))
    .limit(limit);

/**
 * One batch of the CSV export, newest first, after the keyset `before` (the last row of the
 * previous batch: its created_at as PostgreSQL prints it, so no microseconds are lost, and its id).
 */
export async function exportBatch(
  tx: Tx,
  filter: OrderFilter,
  limit: number,
  before?: { createdAt: string; id: number },
) {
  return tx
    .select({
      id: orders.id,
      cursor: sql<string>`${orders.createdAt}::text`,
      dubaiTime: sql<string>`to_char(${orders.createdAt} at time zone ${SHOP_TIME_ZONE}::text, 'YYYY-MM-DD HH24:MI')`,
      customerEmail: accounts.emailAddress,
      customerUserName: accounts.userName,
      status: orders.status,
      copies: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
      totalFils: orders.totalFils,
      deliveryMethodName: orders.deliveryMethodName,
      city: orders.city,
      country: orders.country,
      refundStatus: orders.refundStatus,
      fulfilmentStatus: orders.fulfilmentStatus,
      paymentMethod: orders.paymentMethod,
      recipientName: orders.recipientName,
      address: orders.address,
      zipCode: orders.zipCode,
      emirate: orders.emirate,
      phoneNo: orders.phoneNo,
      books: sql<string>`(select coalesce(string_agg(${orderItems.title} || ' × ' || ${orderItems.quantity}, '; ' order by ${orderItems.title}), '') from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.customerId))
    .where(
      and(
        whereOf(filter),
        before && sql`(${orders.createdAt}, ${orders.id}) < (${before.createdAt}::timestamptz, ${before.id})`,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** The (customer, book) pairs among these customers and books with a Completed order holding the book. */
export const completedPurchases = (tx: Tx, customerIds: number[], bookIds: number[]) =>
  customerIds.length === 0 || bookIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({ customerId: orders.customerId, bookId: orderItems.bookId })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(
          and(
            eq(orders.status, OrderStatus.Completed),
            inArray(orders.customerId, customerIds),
            inArray(orderItems.bookId, bookIds),
          ),
        )
        .groupBy(orders.customerId, orderItems.bookId);

// Fulfilment (decision 078): shipments, their lines and the order's events after the sale.

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentLineRow = typeof shipmentLines.$inferSelect;

export const listShipments = (tx: Tx, orderIds: number[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : tx.select().from(shipments).where(inArray(shipments.orderId, orderIds)).orderBy(asc(shipments.id));

export const listShipmentLines = (tx: Tx, shipmentIds: number[]) =>
  shipmentIds.length === 0
    ? Promise.resolve([])
    : tx
        .select()
        .from(shipmentLines)
        .where(inArray(shipmentLines.shipmentId, shipmentIds))
        .orderBy(asc(shipmentLines.bookId));

/** The orders' fulfilment events, oldest first, with the user name of the staff member who did each. */
export const listEvents = (tx: Tx, orderIds: number[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({
          id: orderEvents.id,
          orderId: orderEvents.orderId,
          event: orderEvents.event,
          shipmentId: orderEvents.shipmentId,
          staffId: orderEvents.staffId,
          staffUserName: accounts.userName,
          at: orderEvents.at,
        })
        .from(orderEvents)
        .leftJoin(accounts, eq(accounts.id, orderEvents.staffId))
        .where(inArray(orderEvents.orderId, orderIds))
        .orderBy(asc(orderEvents.id));
export type EventRow = Awaited<ReturnType<typeof listEvents>>[number];

export async function insertShipment(
  tx: Tx,
  shipment: typeof shipments.$inferInsert,
  lines: { bookId: number; quantity: number }[],
): Promise<ShipmentRow> {
  const [row] = await tx.insert(shipments).values(shipment).returning();
  await tx.insert(shipmentLines).values(lines.map((line) => ({ ...line, shipmentId: row!.id })));
  return row!;
}

export async function findShipment(
  tx: Tx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ShipmentRow | undefined> {
  const query = tx.select().from(shipments).where(eq(shipments.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function updateShipment(tx: Tx, id: number, changes: Partial<typeof shipments.$inferInsert>) {
  await tx.update(shipments).set(changes).where(eq(shipments.id, id));
}

export async function insertEvent(tx: Tx, event: typeof orderEvents.$inferInsert) {
  await tx.insert(orderEvents).values(event);
}

/** Copies of each book of the order already in a parcel. */
export const shippedCopies = (tx: Tx, orderId: number) =>
  tx
    .select({ bookId: shipmentLines.bookId, quantity: sql<number>`sum(${shipmentLines.quantity})::int` })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .where(eq(shipments.orderId, orderId))
    .groupBy(shipmentLines.bookId);

/** Paid orders, and cash-on-delivery ones awaiting the courier, with copies still to ship: the admin's 'To ship' count. */
export async function countToShip(tx: Tx): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        or(
          eq(orders.status, OrderStatus.Completed),
          and(eq(orders.status, OrderStatus.Pending), eq(orders.paymentMethod, 'cod')),
        ),
        inArray(orders.fulfilmentStatus, ['unfulfilled', 'packed', 'partially-shipped']),
      ),
    );
  return Number(row?.n ?? 0);
}

/** These customers' Completed orders still unfulfilled with no parcel, oldest first, locked. */
export const unshippedPaidOrders = (tx: Tx, customerIds: number[]) =>
  customerIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({ id: orders.id, paidAt: orders.paidAt, createdAt: orders.createdAt })
        .from(orders)
        .where(
          and(
            inArray(orders.customerId, customerIds),
            eq(orders.status, OrderStatus.Completed),
            eq(orders.fulfilmentStatus, 'unfulfilled'),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(shipments)
                .where(eq(shipments.orderId, orders.id)),
            ),
          ),
        )
        .orderBy(asc(orders.id))
        .for('update');
