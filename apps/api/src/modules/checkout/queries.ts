import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { processedWebhookEvents } from './schema.ts';

/**
 * Serialises one customer's create-session calls until the transaction ends, on every instance:
 * the check "no open checkout" and the insert of one cannot interleave with another's.
 */
export async function lockCheckout(tx: Tx, customerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${customerId}`}, 0))`);
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
