import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { accountIdColumn } from '../auth/schema.ts';
import { books } from '../catalogue/schema.ts';

/** One line per book in a customer's cart; the cart itself is just the set of lines. */
export const cartItems = pgTable(
  'cart_items',
  {
    // Deleting an account deletes its cart (personal data).
    customerId: accountIdColumn('customer_id').notNull(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** What one copy cost after discount when the customer last added or changed the line, in fils. */
    unitPriceFilsWhenAdded: integer('unit_price_fils_when_added').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.bookId] }),
    // Deleting a book cascades here; without the index that is a scan of every cart.
    index('cart_items_book_idx').on(t.bookId),
    check('cart_items_quantity_check', sql`${t.quantity} >= 1`),
  ],
);
