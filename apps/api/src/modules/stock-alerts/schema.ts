import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { accountIdColumn } from '../auth/schema.ts';
import { books } from '../catalogue/schema.ts';

/**
 * A customer waiting for a sold-out book (decision 082). The row is the alert: the job that mails
 * the customer deletes it in the transaction that queues the e-mail, so it is used up exactly once.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    // Deleting an account deletes its alerts (personal data).
    customerId: accountIdColumn('customer_id').notNull(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.bookId] }), index('stock_alerts_book_idx').on(t.bookId)],
);
