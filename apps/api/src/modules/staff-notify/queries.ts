import { asc, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { staffNotifications } from './schema.ts';

export type StaffNotificationRow = typeof staffNotifications.$inferSelect;

export async function insertNotification(
  tx: Tx,
  values: { kind: string; orderId: number | null; line: string },
): Promise<void> {
  await tx.insert(staffNotifications).values(values);
}

/** Every event not yet mailed, oldest first, locked until `tx` ends (a second run waits, then finds none). */
export const lockUnsent = (tx: Tx): Promise<StaffNotificationRow[]> =>
  tx
    .select()
    .from(staffNotifications)
    .where(isNull(staffNotifications.sentAt))
    .orderBy(asc(staffNotifications.id))
    .for('update');

export async function markSent(tx: Tx, ids: number[]): Promise<void> {
  await tx
    .update(staffNotifications)
    .set({ sentAt: sql`now()` })
    .where(inArray(staffNotifications.id, ids));
}
