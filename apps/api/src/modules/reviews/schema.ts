import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountIdColumn, accounts } from '../auth/schema.ts';
import { books } from '../catalogue/schema.ts';

/**
 * One review per customer and book (docs/decisions/040-reviews.md). Subject and comment are kept
 * exactly as typed; the storefront renders them as text. A review staff hid stays, out of the
 * book's average and the public list, until they show it again.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    // Account deletion removes its reviews (personal data) through the service, recomputing ratings.
    customerId: accountIdColumn('customer_id').notNull(),
    subject: text('subject').notNull(),
    comment: text('comment').notNull(),
    rating: smallint('rating').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** The staff member who hid it. */
    hiddenBy: integer('hidden_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('reviews_customer_book_key').on(t.customerId, t.bookId),
    // A book's page of shown reviews, newest first, and its aggregate.
    index('reviews_book_shown_idx')
      .on(t.bookId, t.createdAt, t.id)
      .where(sql`${t.hiddenAt} is null`),
    // The staff list, newest first.
    index('reviews_created_idx').on(t.createdAt, t.id),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
