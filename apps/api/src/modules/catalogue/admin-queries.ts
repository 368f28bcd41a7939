import { type SQL, sql } from 'drizzle-orm';
import {
  LOW_STOCK_THRESHOLD,
  normaliseIsbn,
  type StaffBookQuery,
  type StaffBookSort,
} from '@bookshop/contracts/book-admin';
import { rows, type Tx } from '../../platform/db.ts';

/**
 * The staff side's reads and writes of the catalogue (docs/decisions/032-catalogue-writes.md).
 * Every function runs in the caller's transaction; admin-service.ts holds the rules.
 */

export type NamedRow = { id: number; name: string };
type NamedTable = 'authors' | 'genres';

/** The names of those of `ids` that exist, by id. */
export async function existingIds(tx: Tx, table: NamedTable, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const found = await rows<NamedRow>(
    tx,
    sql`select id, name from ${sql.identifier(table)} where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(found.map((row) => [row.id, row.name]));
}

/** The author or genre with this name in any letter case, created when there is none. */
export async function findOrCreateName(tx: Tx, table: NamedTable, name: string): Promise<NamedRow> {
  const find = async () =>
    (
      await rows<NamedRow>(tx, sql`select id, name from ${sql.identifier(table)} where lower(name) = lower(${name})`)
    )[0];
  const found = await find();
  if (found) return found;
  const [made] = await rows<NamedRow>(
    tx,
    sql`insert into ${sql.identifier(table)} (name) values (${name}) on conflict do nothing returning id, name`,
  );
  // A concurrent writer created it between our look-up and insert.
  return made ?? (await find())!;
}

export async function titleTakenBy(tx: Tx, title: string, exceptId: number): Promise<boolean> {
  const found = await rows<{ id: number }>(
    tx,
    sql`select id from books where lower(title) = lower(${title}) and id <> ${exceptId}`,
  );
  return found.length > 0;
}

/** `isbn` is normalised (the form's schema does it); so are the stored ones (a check constraint). */
export async function isbnTakenBy(tx: Tx, isbn: string, exceptId: number): Promise<boolean> {
  const found = await rows<{ id: number }>(tx, sql`select id from books where isbn = ${isbn} and id <> ${exceptId}`);
  return found.length > 0;
}

export type BookFields = {
  title: string;
  description: string;
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
const names = (list: NamedRow[]) => list.map((item) => item.name).join(' ');

export async function insertBookRow(tx: Tx, book: BookFields): Promise<number> {
  const [created] = await rows<{ id: number }>(
    tx,
    sql`insert into books (title, description, isbn, price_fils, discount_percentage, stock_quantity,
                           next_day_eligible, is_active, main_image_index, author_names, genre_names)
        values (${book.title}, ${book.description}, ${book.isbn}, ${book.priceFils}, ${book.discountPercentage},
                ${book.stockQuantity}, ${book.nextDayEligible}, ${book.isActive}, ${book.mainImageIndex},
                ${names(book.authors)}, ${names(book.genres)})
        returning id`,
  );
  return created!.id;
}

/** Locks the book's row until the transaction ends; false when there is no such book. */
export async function lockBook(tx: Tx, id: number): Promise<boolean> {
  const found = await rows<{ id: number }>(tx, sql`select id from books where id = ${id} for update`);
  return found.length > 0;
}

export async function bookImageKeys(tx: Tx, bookId: number): Promise<string[]> {
  const found = await rows<{ image_key: string }>(
    tx,
    sql`select image_key from book_images where book_id = ${bookId} order by position`,
  );
  return found.map((row) => row.image_key);
}

export async function updateBookRow(tx: Tx, id: number, book: BookFields): Promise<void> {
  await tx.execute(
    sql`update books set title = ${book.title}, description = ${book.description}, isbn = ${book.isbn},
               price_fils = ${book.priceFils}, discount_percentage = ${book.discountPercentage},
               stock_quantity = ${book.stockQuantity}, next_day_eligible = ${book.nextDayEligible},
               is_active = ${book.isActive}, main_image_index = ${book.mainImageIndex},
               author_names = ${names(book.authors)}, genre_names = ${names(book.genres)}, updated_at = now()
        where id = ${id}`,
  );
}

export async function replaceJoinRows(tx: Tx, bookId: number, authors: NamedRow[], genres: NamedRow[]) {
  await tx.execute(sql`delete from book_authors where book_id = ${bookId}`);
  await tx.execute(sql`delete from book_genres where book_id = ${bookId}`);
  for (const [position, author] of authors.entries())
    await tx.execute(
      sql`insert into book_authors (book_id, author_id, position) values (${bookId}, ${author.id}, ${position})`,
    );
  for (const genre of genres)
    await tx.execute(sql`insert into book_genres (book_id, genre_id) values (${bookId}, ${genre.id})`);
}

export async function replaceImageRows(tx: Tx, bookId: number, imageKeys: string[], mainImageIndex: number) {
  await tx.execute(sql`delete from book_images where book_id = ${bookId}`);
  for (const [position, imageKey] of imageKeys.entries())
    await tx.execute(
      sql`insert into book_images (book_id, position, image_key) values (${bookId}, ${position}, ${imageKey})`,
    );
  await tx.execute(sql`update books set main_image_index = ${mainImageIndex}, updated_at = now() where id = ${bookId}`);
}

/** Those of `keys` no book shows any more: safe to remove from storage once the transaction commits. */
export async function unusedImageKeys(tx: Tx, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const used = await rows<{ image_key: string }>(
    tx,
    sql`select distinct image_key from book_images where image_key = any(string_to_array(${keys.join('\n')}, ${'\n'}))`,
  );
  const stillUsed = new Set(used.map((row) => row.image_key));
  return keys.filter((key) => !stillUsed.has(key));
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
  if (query.inStock !== undefined) conditions.push(query.inStock ? sql`b.stock_quantity > 0` : sql`b.stock_quantity = 0`);
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
