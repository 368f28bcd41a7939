import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  LOW_STOCK_THRESHOLD,
  normaliseIsbn,
  type StaffBookQuery,
  type StaffBookSort,
} from '@bookshop/contracts/book-admin';
import { rows, type Tx } from '../../platform/db.ts';
import { authors, bookAuthors, bookGenres, bookImages, books, genres } from './schema.ts';

/**
 * The staff side's reads and writes of the catalogue (docs/decisions/032-catalogue-writes.md).
 * Every function runs in the caller's transaction; admin-service.ts holds the rules.
 */

export type NamedRow = { id: number; name: string };
type NamedTable = 'authors' | 'genres';
const namedTables = { authors, genres } as const;

/** `lower(…)` of a column or a value: names and titles match as their case-insensitive unique indexes compare them. */
const lower = (value: AnyPgColumn | string) => sql<string>`lower(${value})`;

/** The names of those of `ids` that exist, by id. */
export async function existingIds(tx: Tx, table: NamedTable, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const named = namedTables[table];
  const found = await tx.select({ id: named.id, name: named.name }).from(named).where(inArray(named.id, ids));
  return new Map(found.map((row) => [row.id, row.name]));
}

/**
 * Sets (or, null, clears) an author's or genre's Arabic name. Their books are touched so the
 * in-memory catalogue index, which keeps the names with each book, reads them again.
 */
export async function setArabicName(tx: Tx, table: NamedTable, id: number, nameAr: string | null): Promise<void> {
  const named = namedTables[table];
  const changed = await tx
    .update(named)
    .set({ nameAr })
    .where(and(eq(named.id, id), sql`${named.nameAr} is distinct from ${nameAr}`))
    .returning({ id: named.id });
  if (changed.length === 0) return;
  const joins = table === 'authors' ? sql`book_authors where author_id` : sql`book_genres where genre_id`;
  await tx.execute(sql`update books set updated_at = updated_at where id in (select book_id from ${joins} = ${id})`);
}

/** Whether any book has an Arabic title: a shop from before decision 090 has none. */
export async function anyArabicTitle(tx: Tx): Promise<boolean> {
  const found = await tx
    .select({ id: books.id })
    .from(books)
    .where(sql`${books.titleAr} is not null`)
    .limit(1);
  return found.length > 0;
}

/** Gives a book (by title, any letter case) its Arabic title and description where it has none; true if it did. */
export async function fillBookArabic(
  tx: Tx,
  title: string,
  arabic: { titleAr?: string; descriptionAr?: string },
): Promise<boolean> {
  const changed = await tx
    .update(books)
    .set({
      titleAr: sql`coalesce(${books.titleAr}, ${arabic.titleAr ?? null})`,
      descriptionAr: sql`coalesce(${books.descriptionAr}, ${arabic.descriptionAr ?? null})`,
    })
    .where(and(eq(lower(books.title), lower(title)), sql`(${books.titleAr} is null or ${books.descriptionAr} is null)`))
    .returning({ id: books.id });
  return changed.length > 0;
}

/** The id of the author or genre with this name (any letter case) that has no Arabic name yet. */
export async function findUnnamedInArabic(tx: Tx, table: NamedTable, name: string): Promise<number | undefined> {
  const named = namedTables[table];
  const [found] = await tx
    .select({ id: named.id })
    .from(named)
    .where(and(eq(lower(named.name), lower(name)), sql`${named.nameAr} is null`));
  return found?.id;
}

/** The author or genre with this name in any letter case, created when there is none. */
export async function findOrCreateName(tx: Tx, table: NamedTable, name: string): Promise<NamedRow> {
  const named = namedTables[table];
  const find = async () =>
    (
      await tx
        .select({ id: named.id, name: named.name })
        .from(named)
        .where(eq(lower(named.name), lower(name)))
    )[0];
  const found = await find();
  if (found) return found;
  const [made] = await tx
    .insert(named)
    .values({ name })
    .onConflictDoNothing()
    .returning({ id: named.id, name: named.name });
  // A concurrent writer created it between our look-up and insert.
  return made ?? (await find())!;
}

async function takenBy(tx: Tx, where: SQL | undefined, exceptId: number): Promise<boolean> {
  const found = await tx
    .select({ id: books.id })
    .from(books)
    .where(and(where, ne(books.id, exceptId)))
    .limit(1);
  return found.length > 0;
}

export const titleTakenBy = (tx: Tx, title: string, exceptId: number) =>
  takenBy(tx, eq(lower(books.title), lower(title)), exceptId);

/** `isbn` is normalised (the form's schema does it); so are the stored ones (a check constraint). */
export const isbnTakenBy = (tx: Tx, isbn: string, exceptId: number) => takenBy(tx, eq(books.isbn, isbn), exceptId);

export type BookFields = {
  title: string;
  /** Undefined keeps what the row has (an update that does not send it); null clears it. */
  titleAr?: string | null;
  description: string;
  descriptionAr?: string | null;
  isbn: string;
  priceFils: number;
  discountPercentage: number;
  stockQuantity: number;
  nextDayEligible: boolean;
  isActive: boolean;
  mainImageIndex: number;
  authors: NamedRow[];
  genres: NamedRow[];
};

/** The denormalised names the search vector is generated from. */
const names = (list: { name: string }[]) => list.map((item) => item.name).join(' ');

/**
 * The row's columns as a form gives them, but for the stock: a book is inserted with none, and
 * its stock changes only through stock-service.ts's moveStock, which writes the ledger (decision 077).
 */
const bookValues = (book: BookFields) => ({
  title: book.title,
  titleAr: book.titleAr,
  description: book.description,
  descriptionAr: book.descriptionAr,
  isbn: book.isbn,
  priceFils: book.priceFils,
  discountPercentage: String(book.discountPercentage),
  nextDayEligible: book.nextDayEligible,
  isActive: book.isActive,
  mainImageIndex: book.mainImageIndex,
  authorNames: names(book.authors),
  genreNames: names(book.genres),
});

export async function insertBookRow(tx: Tx, book: BookFields): Promise<number> {
  const [created] = await tx.insert(books).values(bookValues(book)).returning({ id: books.id });
  return created!.id;
}

/** Locks the book's row until the transaction ends; false when there is no such book. */
export async function lockBook(tx: Tx, id: number): Promise<boolean> {
  const found = await tx.select({ id: books.id }).from(books).where(eq(books.id, id)).for('update');
  return found.length > 0;
}

export async function bookImageKeys(tx: Tx, bookId: number): Promise<string[]> {
  const found = await tx
    .select({ imageKey: bookImages.imageKey })
    .from(bookImages)
    .where(eq(bookImages.bookId, bookId))
    .orderBy(asc(bookImages.position));
  return found.map((row) => row.imageKey);
}

export async function updateBookRow(tx: Tx, id: number, book: BookFields): Promise<void> {
  await tx
    .update(books)
    .set({ ...bookValues(book), updatedAt: sql`now()` })
    .where(eq(books.id, id));
}

export async function replaceJoinRows(tx: Tx, bookId: number, authors: NamedRow[], genres: NamedRow[]) {
  await tx.delete(bookAuthors).where(eq(bookAuthors.bookId, bookId));
  await tx.delete(bookGenres).where(eq(bookGenres.bookId, bookId));
  if (authors.length > 0)
    await tx
      .insert(bookAuthors)
      .values(authors.map((author, position) => ({ bookId, authorId: author.id, position })))
      .onConflictDoNothing();
  if (genres.length > 0)
    await tx
      .insert(bookGenres)
      .values(genres.map((genre) => ({ bookId, genreId: genre.id })))
      .onConflictDoNothing();
}

async function insertImageRows(tx: Tx, bookId: number, imageKeys: string[]) {
  if (imageKeys.length > 0)
    await tx.insert(bookImages).values(imageKeys.map((imageKey, position) => ({ bookId, position, imageKey })));
}

export async function replaceImageRows(tx: Tx, bookId: number, imageKeys: string[], mainImageIndex: number) {
  await tx.delete(bookImages).where(eq(bookImages.bookId, bookId));
  await insertImageRows(tx, bookId, imageKeys);
  await tx
    .update(books)
    .set({ mainImageIndex, updatedAt: sql`now()` })
    .where(eq(books.id, bookId));
}

/** Those of `keys` no book shows any more: safe to remove from storage once the transaction commits. */
export async function unusedImageKeys(tx: Tx, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const used = await tx
    .select({ imageKey: bookImages.imageKey })
    .from(bookImages)
    .where(inArray(bookImages.imageKey, keys));
  const stillUsed = new Set(used.map((row) => row.imageKey));
  return keys.filter((key) => !stillUsed.has(key));
}

/** A book for `insertBook`: shown, its authors and genres by name, optionally already rated. */
export type NewBook = Omit<BookFields, 'isActive' | 'mainImageIndex' | 'authors' | 'genres'> & {
  authorNames: string[];
  genreNames: string[];
  imageKeys: string[];
  mainImageIndex?: number;
  ratingAverage?: number;
  ratingCount?: number;
};

/** Inserts a book with its authors, genres and images (tests, the demo seed); names are created when new. */
export async function insertBook(tx: Tx, book: NewBook): Promise<number> {
  const resolve = async (table: NamedTable, list: string[]) => {
    const found: NamedRow[] = [];
    for (const name of list) found.push(await findOrCreateName(tx, table, name));
    return found;
  };
  const fields: BookFields = {
    ...book,
    isActive: true,
    mainImageIndex: book.mainImageIndex ?? 0,
    authors: await resolve('authors', book.authorNames),
    genres: await resolve('genres', book.genreNames),
  };
  const [created] = await tx
    .insert(books)
    .values({
      ...bookValues(fields),
      ratingAverage: String(book.ratingAverage ?? 0),
      ratingCount: book.ratingCount ?? 0,
    })
    .returning({ id: books.id });
  const bookId = created!.id;
  await replaceJoinRows(tx, bookId, fields.authors, fields.genres);
  await insertImageRows(tx, bookId, book.imageKeys);
  await refreshLexicon(tx, bookId, []);
  return bookId;
}

/** The distinct words search knows this book by (its title, author names and genre names). */
export async function bookWords(tx: Tx, bookId: number): Promise<string[]> {
  const found = await rows<{ word: string }>(
    tx,
    sql`select distinct word from books, unnest(tsvector_to_array(search_vector)) as word where id = ${bookId}`,
  );
  return found.map((row) => row.word);
}

/**
 * Keeps the typo-tolerance lexicon to the words of shown books: adds this book's words when it is
 * shown, and drops `formerWords` no shown book has any more (a renamed or hidden book's), so a
 * misspelling is never corrected towards a book the storefront cannot show.
 */
export async function refreshLexicon(tx: Tx, bookId: number, formerWords: string[]): Promise<void> {
  await tx.execute(
    sql`insert into search_lexicon (word)
        select distinct word from books, unnest(tsvector_to_array(search_vector)) as word
        where id = ${bookId} and is_active
        on conflict do nothing`,
  );
  if (formerWords.length === 0) return;
  await tx.execute(
    sql`delete from search_lexicon l
        where l.word = any(string_to_array(${formerWords.join(' ')}, ' '))
          and not exists (select 1 from books b where b.is_active and b.search_vector @@ quote_literal(l.word)::tsquery)`,
  );
}

const SORTS: Record<StaffBookSort, SQL> = {
  title: sql`b.title asc, b.id asc`,
  '-title': sql`b.title desc, b.id desc`,
  price: sql`b.price_fils asc, b.id asc`,
  '-price': sql`b.price_fils desc, b.id desc`,
  stockQuantity: sql`b.stock_quantity asc, b.id asc`,
  '-stockQuantity': sql`b.stock_quantity desc, b.id desc`,
  createdAt: sql`b.created_at asc, b.id asc`,
  '-createdAt': sql`b.created_at desc, b.id desc`,
};

/** LIKE's wildcards in a search are the characters themselves. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function staffWhere(query: StaffBookFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.search) {
    const pattern = `%${likeEscaped(query.search.toLowerCase())}%`;
    const isbn = normaliseIsbn(query.search);
    conditions.push(
      sql`(lower(b.title) like ${pattern} or lower(b.author_names) like ${pattern}
           or (${isbn} <> '' and b.isbn like ${`${likeEscaped(isbn)}%`}))`,
    );
  }
  if (query.genre !== undefined)
    conditions.push(
      sql`b.id in (select bg.book_id from book_genres bg join genres g on g.id = bg.genre_id where lower(g.name) = lower(${query.genre}))`,
    );
  if (query.inStock !== undefined)
    conditions.push(query.inStock ? sql`b.stock_quantity > 0` : sql`b.stock_quantity = 0`);
  if (query.hasDiscount !== undefined)
    conditions.push(query.hasDiscount ? sql`b.discount_percentage > 0` : sql`b.discount_percentage = 0`);
  if (query.isActive !== undefined) conditions.push(sql`b.is_active = ${query.isActive}`);
  if (query.lowStock !== undefined)
    conditions.push(
      query.lowStock ? sql`b.stock_quantity <= ${LOW_STOCK_THRESHOLD}` : sql`b.stock_quantity > ${LOW_STOCK_THRESHOLD}`,
    );
  return sql.join(conditions, sql` and `);
}

export type StaffBookFilter = Omit<StaffBookQuery, 'pageNo' | 'pageSize' | 'sort'>;

export async function countStaffBooks(tx: Tx, filter: StaffBookFilter): Promise<number> {
  const [row] = await rows<{ count: string | number }>(
    tx,
    sql`select count(*) as count from books b where ${staffWhere(filter)}`,
  );
  return Number(row?.count ?? 0);
}

/** One page of the staff table's book ids, hidden books included. */
export function findStaffBookIds(
  tx: Tx,
  filter: StaffBookFilter,
  sort: StaffBookSort,
  limit: number,
  offset: number,
): Promise<{ id: number }[]> {
  return rows<{ id: number }>(
    tx,
    sql`select b.id from books b where ${staffWhere(filter)} order by ${SORTS[sort]} limit ${limit} offset ${offset}`,
  );
}
