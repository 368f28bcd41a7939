import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from '../auth/schema.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A 64-bit transaction id, as text in JavaScript. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

export const authors = pgTable(
  'authors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The name in Arabic, shown on Arabic pages; null falls back to `name` (decision 090). */
    nameAr: text('name_ar'),
  },
  (t) => [
    uniqueIndex('authors_name_lower_key').on(sql`lower(${t.name})`),
    // The picker's "name contains" search (decision 097) through trigrams, not a scan of every author.
    index('authors_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('authors_name_ar_trgm_idx').using('gin', sql`coalesce(${t.nameAr}, '') gin_trgm_ops`),
  ],
);

export const genres = pgTable(
  'genres',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The name in Arabic, shown on Arabic pages; null falls back to `name` (decision 090). */
    nameAr: text('name_ar'),
  },
  (t) => [uniqueIndex('genres_name_lower_key').on(sql`lower(${t.name})`)],
);

export const books = pgTable(
  'books',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Arabic title and description for Arabic pages; null falls back to the English (decision 090). */
    titleAr: text('title_ar'),
    descriptionAr: text('description_ar'),
    isbn: text('isbn').notNull(),
    /** Integer fils (1 AED = 100 fils). */
    priceFils: integer('price_fils').notNull(),
    discountPercentage: numeric('discount_percentage', { precision: 5, scale: 2 }).notNull().default('0'),
    /** What the customer pays, kept by the database so filters and sorting can use an index. */
    discountedPriceFils: integer('discounted_price_fils').generatedAlwaysAs(
      sql`round(price_fils * (100 - discount_percentage) / 100)::integer`,
    ),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    nextDayEligible: boolean('next_day_eligible').notNull().default(false),
    ratingAverage: numeric('rating_average', { precision: 3, scale: 2 }).notNull().default('0'),
    ratingCount: integer('rating_count').notNull().default(0),
    mainImageIndex: integer('main_image_index').notNull().default(0),
    /** False hides the book from the storefront; its orders and reviews keep it (decision 032). */
    isActive: boolean('is_active').notNull().default(true),
    /** Denormalised names, refreshed whenever a book's authors or genres change; they feed search. */
    authorNames: text('author_names').notNull().default(''),
    genreNames: text('genre_names').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', author_names), 'B') || setweight(to_tsvector('simple', genre_names), 'C')`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The transaction that last wrote the row, set by a trigger on every insert and update: the
     * in-memory catalogue index reads only rows changed since its last look (decision 050).
     */
    changedXid: xid8('changed_xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [
    uniqueIndex('books_title_lower_key').on(sql`lower(${t.title})`),
    uniqueIndex('books_isbn_key').on(t.isbn),
    // Title order plus every list filter: a filtered page or count is read from this index alone.
    // Only shown books: the storefront never lists hidden ones.
    index('books_title_filters_idx')
      .on(t.title, t.id, t.discountedPriceFils, t.stockQuantity, t.discountPercentage)
      .where(sql`${t.isActive}`),
    // The staff table's default order (newest first).
    index('books_created_at_idx').on(t.createdAt, t.id),
    index('books_discounted_price_idx').on(t.discountedPriceFils),
    // The dashboard's low-stock list (decision 033).
    index('books_low_stock_idx')
      .on(t.stockQuantity, t.id)
      .where(sql`${t.stockQuantity} <= 5`),
    index('books_search_vector_idx').using('gin', t.searchVector),
    index('books_changed_xid_idx').on(t.changedXid),
    check('books_price_check', sql`${t.priceFils} >= 0`),
    check('books_discount_check', sql`${t.discountPercentage} >= 0 and ${t.discountPercentage} <= 100`),
    check('books_stock_check', sql`${t.stockQuantity} >= 0`),
    // Stored without hyphens or spaces, so the unique index compares the numbers themselves.
    check('books_isbn_normalised_check', sql`${t.isbn} ~ '^([0-9]{9}[0-9X]|[0-9]{13})$'`),
  ],
);

export const bookAuthors = pgTable(
  'book_authors',
  {
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => authors.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  // (author, book) lets an author filter join without visiting the table.
  (t) => [primaryKey({ columns: [t.bookId, t.authorId] }), index('book_authors_author_idx').on(t.authorId, t.bookId)],
);

export const bookGenres = pgTable(
  'book_genres',
  {
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    genreId: integer('genre_id')
      .notNull()
      .references(() => genres.id, { onDelete: 'restrict' }),
  },
  // (genre, book) lets a genre filter join without visiting the table.
  (t) => [primaryKey({ columns: [t.bookId, t.genreId] }), index('book_genres_genre_idx').on(t.genreId, t.bookId)],
);

export const bookImages = pgTable(
  'book_images',
  {
    id: serial('id').primaryKey(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Storage key without width and extension; see platform/storage. */
    imageKey: text('image_key').notNull(),
  },
  (t) => [uniqueIndex('book_images_book_position_key').on(t.bookId, t.position)],
);

/**
 * The stock ledger (decision 077): one row per change of a book's stock, written by
 * stock-service.ts in the same transaction as the change, so a book's deltas add up to its
 * stock_quantity. Order and return ids are plain numbers: the orders module owns those rows and
 * references the catalogue, not the other way round.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    bookId: integer('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    /** initial, received, sale, released, cancelled, returned, damaged or correction (contracts' STOCK_MOVEMENT_REASONS). */
    reason: text('reason').notNull(),
    /** The book's stock once this movement was made: a back-in-stock is a row with stock_after = delta > 0. */
    stockAfter: integer('stock_after').notNull(),
    orderId: integer('order_id'),
    returnId: integer('return_id'),
    staffId: integer('staff_id').references(() => accounts.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_book_idx').on(t.bookId, t.id),
    check(
      'stock_movements_reason_check',
      sql`${t.reason} in ('initial', 'received', 'sale', 'released', 'cancelled', 'returned', 'damaged', 'correction')`,
    ),
    // Only a book's first row may be nought: a book added with no copies still has its start.
    check('stock_movements_delta_check', sql`${t.delta} <> 0 or ${t.reason} = 'initial'`),
    check('stock_movements_stock_after_check', sql`${t.stockAfter} >= 0`),
  ],
);

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

/**
 * Every distinct word of titles, author names and genre names. Typo tolerance looks up the
 * closest known words here (trigram similarity over a few thousand short rows) and searches the
 * books again with them, instead of comparing the keyword with every book.
 */
export const searchLexicon = pgTable('search_lexicon', { word: text('word').primaryKey() }, (t) => [
  index('search_lexicon_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
  index('search_lexicon_word_prefix_idx').using('btree', sql`${t.word} text_pattern_ops`),
]);
