import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { stockAlerts } from './schema.ts';

const alertOf = (customerId: number, bookId: number) =>
  and(eq(stockAlerts.customerId, customerId), eq(stockAlerts.bookId, bookId));

/** True when the alert is new; false when the customer had already asked. */
export async function insertAlert(tx: Tx, customerId: number, bookId: number): Promise<boolean> {
  const inserted = await tx
    .insert(stockAlerts)
    .values({ customerId, bookId })
    .onConflictDoNothing()
    .returning({ bookId: stockAlerts.bookId });
  return inserted.length > 0;
}

/** The customer's waiting alerts, newest first (ties by book id). */
export const listAlerts = (tx: Tx, customerId: number) =>
  tx
    .select({ bookId: stockAlerts.bookId, createdAt: stockAlerts.createdAt })
    .from(stockAlerts)
    .where(eq(stockAlerts.customerId, customerId))
    .orderBy(desc(stockAlerts.createdAt), desc(stockAlerts.bookId));

/** True when an alert was removed. */
export async function deleteAlert(tx: Tx, customerId: number, bookId: number): Promise<boolean> {
  const deleted = await tx
    .delete(stockAlerts)
    .where(alertOf(customerId, bookId))
    .returning({ bookId: stockAlerts.bookId });
  return deleted.length > 0;
}

/** Which of these books someone is waiting for. */
export async function booksAwaited(tx: Tx, bookIds: number[]): Promise<number[]> {
  const found = await tx
    .select({ bookId: stockAlerts.bookId })
    .from(stockAlerts)
    .where(inArray(stockAlerts.bookId, bookIds))
    .groupBy(stockAlerts.bookId);
  return found.map((row) => row.bookId);
}

/**
 * The claim: deletes the book's waiting alerts and answers whose they were. A second run (a
 * retried job, or one on another instance at the same moment) waits for the first's row locks,
 * then finds the rows gone and answers nobody, so each customer is mailed once.
 */
export async function claimAlerts(tx: Tx, bookId: number): Promise<number[]> {
  const claimed = await tx
    .delete(stockAlerts)
    .where(eq(stockAlerts.bookId, bookId))
    .returning({ customerId: stockAlerts.customerId });
  return claimed.map((row) => row.customerId);
}
