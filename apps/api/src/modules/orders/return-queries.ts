import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { filsToAed } from '@bookshop/contracts/money';
import { RETURN_STATUS_NAMES, type Return, type ReturnStatus } from '@bookshop/contracts/returns';
import { readTogether, type Tx } from '../../platform/db.ts';
import { orderItems, orderReturns, returnEvents, returnLines, shipmentLines, shipments } from './schema.ts';

/** Reads and writes of returns (decision 080), beside the order queries they build on. */

export type ReturnRow = typeof orderReturns.$inferSelect;
export type ReturnLineRow = typeof returnLines.$inferSelect;

export async function insertReturn(
  tx: Tx,
  row: typeof orderReturns.$inferInsert,
  lines: Omit<ReturnLineRow, 'returnId'>[],
): Promise<ReturnRow> {
  const [inserted] = await tx.insert(orderReturns).values(row).returning();
  await tx.insert(returnLines).values(lines.map((line) => ({ ...line, returnId: inserted!.id })));
  return inserted!;
}

export async function findReturn(tx: Tx, id: number, options: { lock?: boolean } = {}): Promise<ReturnRow | undefined> {
  const query = tx.select().from(orderReturns).where(eq(orderReturns.id, id));
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

export async function updateReturn(tx: Tx, id: number, changes: Partial<typeof orderReturns.$inferInsert>) {
  await tx.update(orderReturns).set(changes).where(eq(orderReturns.id, id));
}

export async function insertReturnEvent(tx: Tx, event: typeof returnEvents.$inferInsert) {
  await tx.insert(returnEvents).values(event);
}

export const listReturnLines = (tx: Tx, returnIds: number[]) =>
  returnIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({
          returnId: returnLines.returnId,
          bookId: returnLines.bookId,
          quantity: returnLines.quantity,
          priceFils: returnLines.priceFils,
          title: orderItems.title,
        })
        .from(returnLines)
        .innerJoin(orderReturns, eq(orderReturns.id, returnLines.returnId))
        .leftJoin(
          orderItems,
          and(eq(orderItems.orderId, orderReturns.orderId), eq(orderItems.bookId, returnLines.bookId)),
        )
        .where(inArray(returnLines.returnId, returnIds))
        .orderBy(asc(returnLines.bookId));

export const listReturnEvents = (tx: Tx, returnIds: number[]) =>
  returnIds.length === 0
    ? Promise.resolve([])
    : tx.select().from(returnEvents).where(inArray(returnEvents.returnId, returnIds)).orderBy(asc(returnEvents.id));

export const listReturnsOfOrders = (tx: Tx, orderIds: number[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : tx.select().from(orderReturns).where(inArray(orderReturns.orderId, orderIds)).orderBy(asc(orderReturns.id));

/** Copies of each book in parcels that arrived, and when the last one arrived. */
export async function deliveredCopies(tx: Tx, orderId: number) {
  return tx
    .select({
      bookId: shipmentLines.bookId,
      quantity: sql<number>`sum(${shipmentLines.quantity})::int`,
      lastDeliveredAt: sql<Date>`max(${shipments.deliveredAt})`.mapWith(shipments.deliveredAt),
    })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .where(and(eq(shipments.orderId, orderId), eq(shipments.status, 'delivered')))
    .groupBy(shipmentLines.bookId);
}

/** Copies of each book already asked back in returns that were not rejected. */
export const returnedCopies = (tx: Tx, orderId: number) =>
  tx
    .select({ bookId: returnLines.bookId, quantity: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(orderReturns, eq(orderReturns.id, returnLines.returnId))
    .where(and(eq(orderReturns.orderId, orderId), ne(orderReturns.status, 'rejected')))
    .groupBy(returnLines.bookId);

/** Staff's list: oldest first, optionally of one status. */
export async function pageReturns(tx: Tx, status: ReturnStatus | undefined, limit: number, offset: number) {
  const where = status ? eq(orderReturns.status, status) : undefined;
  const [found, [total]] = await readTogether(
    tx,
    () =>
      tx
        .select()
        .from(orderReturns)
        .where(where)
        .orderBy(asc(orderReturns.createdAt), asc(orderReturns.id))
        .limit(limit)
        .offset(offset),
    () => tx.select({ n: count() }).from(orderReturns).where(where),
  );
  return { found, total: total?.n ?? 0 };
}

/** Returns with their lines and events, as the order answer and staff's list show them. */
export async function loadReturns(tx: Tx, rows: ReturnRow[]): Promise<Return[]> {
  const ids = rows.map((row) => row.id);
  const [lines, events] = await readTogether(
    tx,
    () => listReturnLines(tx, ids),
    () => listReturnEvents(tx, ids),
  );
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    status: row.status,
    statusName: RETURN_STATUS_NAMES[row.status],
    lines: lines
      .filter((line) => line.returnId === row.id)
      .map((line) => ({
        bookId: line.bookId,
        title: line.title ?? '',
        quantity: line.quantity,
        price: filsToAed(line.priceFils),
      })),
    reason: row.reason,
    refundAmount: filsToAed(row.refundFils),
    refundStatus: row.refundStatus,
    restocked: row.restockedAt !== null,
    createdAt: row.createdAt.toISOString(),
    events: events
      .filter((event) => event.returnId === row.id)
      .map((event) => ({
        status: event.status,
        statusName: RETURN_STATUS_NAMES[event.status],
        note: event.note,
        at: event.at.toISOString(),
      })),
  }));
}
