import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What staff are to be told (decision 079): one row per event, written in the transaction that
 * causes it; the `staff-notify.send` job mails every unsent row in one e-mail, at most once a minute.
 */
export const staffNotifications = pgTable(
  'staff_notifications',
  {
    id: serial('id').primaryKey(),
    /** One of StaffEventKind: 'order.paid' today; returns and cash on delivery add theirs. */
    kind: text('kind').notNull(),
    /** The order it is about, for the link; no foreign key, so the row may outlive a test's data. */
    orderId: integer('order_id'),
    /** The e-mail's line for this event, written when it happened. */
    line: text('line').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set in the transaction that queues the e-mail listing it. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('staff_notifications_unsent_idx')
      .on(t.id)
      .where(sql`${t.sentAt} is null`),
  ],
);
