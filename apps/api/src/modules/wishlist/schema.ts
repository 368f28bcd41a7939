import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { accountIdColumn } from '../auth/schema.ts';
import { books } from '../catalogue/schema.ts';

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    // Deleting an account deletes its wishlist (personal data).
    customerId: accountIdColumn('customer_id').notNull(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.bookId] }),
    index('wishlist_items_customer_added_idx').on(t.customerId, t.addedAt),
    index('wishlist_items_book_idx').on(t.bookId),
  ],
);
