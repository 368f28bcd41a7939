import { and, asc, eq, sql } from 'drizzle-orm';
import { OrderStatus } from '@bookshop/contracts/enums';
import type { Tx } from '../../platform/db.ts';
import { accounts } from '../auth/schema.ts';
import { cartItems } from '../cart/schema.ts';
import { orders, processedWebhookEvents } from '../orders/schema.ts';

/**
 * Serialises one customer's create-session calls until the transaction ends, on every instance:
 * the check "no open checkout" and the insert of one cannot interleave with another's.
 */
export async function lockCheckout(tx: Tx, customerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${customerId}`}, 0))`);
}

/** The customer's Pending orders (open checkouts), locked in id order before the cart's lines. */
export const lockOpenOrders = (tx: Tx, customerId: number) =>
  tx
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.status, OrderStatus.Pending)))
    .orderBy(asc(orders.id))
    .for('update');

/** The cart's lines, locked until the checkout transaction ends (book-id order, as stock locks). */
export const lockCartLines = (tx: Tx, customerId: number) =>
  tx
    .select({ bookId: cartItems.bookId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.customerId, customerId))
    .orderBy(asc(cartItems.bookId))
    .for('update');

/** Where a customer's mail goes; null once the account was deleted (its row is anonymised). */
export async function customerEmail(tx: Tx, customerId: number): Promise<string | null> {
  const [row] = await tx
    .select({ email: accounts.emailAddress, deletedAt: accounts.deletedAt })
    .from(accounts)
    .where(eq(accounts.id, customerId));
  return row && !row.deletedAt ? row.email : null;
}

/** Records a webhook event id; false when it was already recorded (a replay). */
export async function recordEvent(tx: Tx, event: { id: string; type: string }, orderId: number | null) {
  const inserted = await tx
    .insert(processedWebhookEvents)
    .values({ eventId: event.id, type: event.type, orderId })
    .onConflictDoNothing()
    .returning({ eventId: processedWebhookEvents.eventId });
  return inserted.length > 0;
}
