import { asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { idList, rows, type Tx } from '../../platform/db.ts';
import { authors, books, countries, genres } from './schema.ts';

/** `lower(…)` of a column or a value: names and titles match as their case-insensitive unique indexes compare them. */
const lower = (value: AnyPgColumn | string) => sql<string>`lower(${value})`;

export type BookRow = {
  id: number;
  title: string;
  title_ar: string | null;
  description: string;
  description_ar: string | null;
  isbn: string;
  price_fils: number;
  discount_percentage: string;
  discounted_price_fils: number;
  stock_quantity: number;
  next_day_eligible: boolean;
  rating_average: string;
  rating_count: number;
  main_image_index: number;
  is_active: boolean;
  created_at: string | Date;
  /** Last staff edit or stock movement (the sitemap's lastmod). */
  updated_at: string | Date;
  image_keys: string[];
  authors: { id: number; name: string; nameAr: string | null }[];
  genres: { id: number; name: string; nameAr: string | null }[];
};

/** Genre and author are names, matched case-insensitively inside the query (no extra round trip). */
export type BookFilter = {
  genre?: string;
  author?: string;
  minPriceFils?: number;
  maxPriceFils?: number;
  inStockOnly?: boolean;
  discountedOnly?: boolean;
};

/** A book's own columns and its image keys: all of a row but its authors and genres. */
const coreColumns = sql`
  b.id, b.title, b.title_ar, b.description, b.description_ar, b.isbn, b.price_fils, b.discount_percentage, b.discounted_price_fils,
  b.stock_quantity, b.next_day_eligible, b.rating_average, b.rating_count, b.main_image_index,
  b.is_active, b.created_at, b.updated_at,
  coalesce((select json_agg(bi.image_key order by bi.position) from book_images bi where bi.book_id = b.id), '[]') as image_keys`;

/** Authors in the order the book names them (ties by id, as the catalogue index keeps them), genres by name. */
const bookColumns = sql`${coreColumns},
  coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name, 'nameAr', a.name_ar) order by ba.position, a.id)
            from book_authors ba join authors a on a.id = ba.author_id where ba.book_id = b.id), '[]') as authors,
  coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name, 'nameAr', g.name_ar) order by g.name)
            from book_genres bg join genres g on g.id = bg.genre_id where bg.book_id = b.id), '[]') as genres`;

function whereClause(filter: BookFilter): SQL {
  // Hidden books (is_active false) are never listed; the partial list index holds only shown ones.
  const conditions: SQL[] = [sql`b.is_active`];
  // An unknown name makes the scalar subquery null, which matches nothing: an empty page.
  if (filter.genre !== undefined)
    conditions.push(
      sql`b.id in (select book_id from book_genres where genre_id = (select id from genres where lower(name) = lower(${filter.genre})))`,
    );
  if (filter.author !== undefined)
    conditions.push(
      sql`b.id in (select book_id from book_authors where author_id = (select id from authors where lower(name) = lower(${filter.author})))`,
    );
  if (filter.minPriceFils !== undefined) conditions.push(sql`b.discounted_price_fils >= ${filter.minPriceFils}`);
  if (filter.maxPriceFils !== undefined) conditions.push(sql`b.discounted_price_fils <= ${filter.maxPriceFils}`);
  if (filter.inStockOnly) conditions.push(sql`b.stock_quantity > 0`);
  if (filter.discountedOnly) conditions.push(sql`b.discount_percentage > 0`);
  return sql.join(conditions, sql` and `);
}

export async function countBooks(tx: Tx, filter: BookFilter): Promise<number> {
  const [row] = await rows<{ count: string | number }>(
    tx,
    sql`select count(*) as count from books b where ${whereClause(filter)}`,
  );
  return Number(row?.count ?? 0);
}

/**
 * One page in title order. The page's ids are chosen first, from indexes alone, so the per-book
 * subqueries (images, authors, genres) run for the rows shown, not for every row the offset skips.
 */
export function findBooks(tx: Tx, filter: BookFilter, limit: number, offset: number): Promise<BookRow[]> {
  return rows<BookRow>(
    tx,
    sql`with page as (
          select b.id, b.title from books b where ${whereClause(filter)} order by b.title, b.id limit ${limit} offset ${offset}
        )
        select ${bookColumns} from page join books b on b.id = page.id order by page.title, page.id`,
  );
}

/** A shown book by title (any letter case); a hidden one is not found. */
export async function findBookByTitle(tx: Tx, title: string): Promise<BookRow | undefined> {
  const [row] = await rows<BookRow>(
    tx,
    sql`select ${bookColumns} from books b where lower(b.title) = lower(${title}) and b.is_active`,
  );
  return row;
}

/** Books by id; hidden ones only with `includeHidden` (a cart line or wishlist entry made before hiding). */
export async function findBooksByIds(tx: Tx, ids: number[], includeHidden = false): Promise<BookRow[]> {
  if (ids.length === 0) return [];
  const shown = includeHidden ? sql`` : sql`and b.is_active`;
  return rows<BookRow>(tx, sql`select ${bookColumns} from books b where b.id in (${idList(ids)}) ${shown}`);
}

/**
 * A book row without its authors and genres (decision 112): the catalogue index knows those and
 * their names, so it reads only this, which costs the database about half as much. The two
 * columns come back null, for the index to fill in a copy: in V8 a copy of an object that already
 * has them takes about 50 ns, a copy given them as new properties about 2 µs.
 */
export type BookCore = Omit<BookRow, 'authors' | 'genres'> & { authors: null; genres: null };

const coreRowColumns = sql`${coreColumns}, null as authors, null as genres`;

/** Shown books by id, without authors and genres (the catalogue index's page rows). */
export async function findShownBookCoresByIds(tx: Tx, ids: number[]): Promise<BookCore[]> {
  if (ids.length === 0) return [];
  return rows<BookCore>(tx, sql`select ${coreRowColumns} from books b where b.id in (${idList(ids)}) and b.is_active`);
}

/** Shown books with ids in [fromId, toId), without authors and genres (the index's row cache fills with them). */
export function findShownBookCoresInIdRange(tx: Tx, fromId: number, toId: number): Promise<BookCore[]> {
  return rows<BookCore>(
    tx,
    sql`select ${coreRowColumns} from books b where b.id >= ${fromId} and b.id < ${toId} and b.is_active`,
  );
}

/** Any book by id, hidden or shown (staff). */
export async function findBookById(tx: Tx, id: number): Promise<BookRow | undefined> {
  const [row] = await rows<BookRow>(tx, sql`select ${bookColumns} from books b where b.id = ${id}`);
  return row;
}

export async function findGenreIdByName(tx: Tx, name: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: genres.id })
    .from(genres)
    .where(eq(lower(genres.name), lower(name)));
  return row?.id;
}

export async function findAuthorIdByName(tx: Tx, name: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: authors.id })
    .from(authors)
    .where(eq(lower(authors.name), lower(name)));
  return row?.id;
}

export const listGenres = (tx: Tx) =>
  tx.select({ id: genres.id, name: genres.name, nameAr: genres.nameAr }).from(genres).orderBy(asc(genres.name));
export const listAuthors = (tx: Tx) =>
  tx.select({ id: authors.id, name: authors.name, nameAr: authors.nameAr }).from(authors).orderBy(asc(authors.name));

/** `LIKE` wildcards and the escape character in typed text match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The author picker's suggestions (decision 097): English or Arabic name containing the text, the
 * exact name first (so the author page finds its author as the first row), then names that begin
 * with it, then A–Z. Bounded by `limit`, so the answer does not grow with the catalogue.
 */
export function searchAuthors(tx: Tx, text: string, limit: number) {
  const columns = { id: authors.id, name: authors.name, nameAr: authors.nameAr };
  // Nothing typed: the first names A–Z, read in the order of the name index.
  if (text === '') return tx.select(columns).from(authors).orderBy(lower(authors.name)).limit(limit);
  const typed = escapeLike(text);
  const nameAr = sql`coalesce(${authors.nameAr}, '')`;
  const matches = (pattern: string) => or(ilike(authors.name, pattern), ilike(nameAr, pattern));
  return tx
    .select(columns)
    .from(authors)
    .where(matches(`%${typed}%`))
    .orderBy(
      sql`${lower(authors.name)} = ${lower(text)} desc`,
      sql`lower(${nameAr}) = ${lower(text)} desc`,
      sql`${matches(`${typed}%`)} desc`,
      lower(authors.name),
    )
    .limit(limit);
}

/** The author of exactly this name, any letter case, through the unique index (zero or one row). */
export const findAuthorsNamed = (tx: Tx, name: string) =>
  tx
    .select({ id: authors.id, name: authors.name, nameAr: authors.nameAr })
    .from(authors)
    .where(eq(lower(authors.name), lower(name)));
export const listCountries = (tx: Tx) =>
  tx.select({ code: countries.code, name: countries.name }).from(countries).orderBy(asc(countries.name));
export async function findCountry(tx: Tx, code: string): Promise<{ code: string; name: string } | undefined> {
  const [row] = await tx
    .select({ code: countries.code, name: countries.name })
    .from(countries)
    .where(eq(countries.code, code));
  return row;
}

export type SearchRow = { id: number; title: string; title_ar: string | null; image_key: string | null };

const searchColumns = sql`b.id, b.title, b.title_ar, bi.image_key`;
const mainImageJoin = sql`left join book_images bi on bi.book_id = b.id and bi.position = b.main_image_index`;

/**
 * Full-text match on title (A), author names (B) and genre names (C). Each term is a list of
 * alternatives; a book must match one alternative of every term. Alternatives are words of
 * letters and digits only, so they cannot inject tsquery syntax.
 */
export function searchBooksFullText(
  tx: Tx,
  terms: { word: string; alternatives?: string[] }[],
  limit: number,
  excludeIds: number[] = [],
): Promise<SearchRow[]> {
  const tsquery = terms
    .map(({ word, alternatives = [] }) => `(${[`${word}:*`, ...alternatives].join(' | ')})`)
    .join(' & ');
  const exclude = excludeIds.length ? sql`and b.id not in (${idList(excludeIds)})` : sql``;
  return rows<SearchRow>(
    tx,
    sql`select ${searchColumns} from books b ${mainImageJoin}, to_tsquery('simple', ${tsquery}) q
        where b.search_vector @@ q and b.is_active ${exclude}
        order by ts_rank(b.search_vector, q) desc, b.title
        limit ${limit}`,
  );
}

/**
 * A page of the books holding every word (each as a prefix), best ranked first, with their total:
 * the search results page while the in-memory index is not built. Words are letters and digits only.
 */
export async function searchBookIdsFullText(
  tx: Tx,
  words: string[],
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number }> {
  const tsquery = words.map((word) => `${word}:*`).join(' & ');
  const found = await rows<{ id: number; total: number }>(
    tx,
    sql`select b.id, (count(*) over ())::int as total from books b, to_tsquery('simple', ${tsquery}) q
        where b.search_vector @@ q and b.is_active
        order by ts_rank(b.search_vector, q) desc, b.title, b.id
        limit ${limit} offset ${offset}`,
  );
  return { ids: found.map((row) => row.id), total: found[0]?.total ?? 0 };
}

/**
 * For each keyword word that no known word starts with, up to three known words most like it
 * (trigram similarity ≥ pg_trgm.similarity_threshold, 0.3 by default): the likely intended words.
 */
export function findWordCorrections(tx: Tx, words: string[]): Promise<{ input: string; word: string }[]> {
  return rows<{ input: string; word: string }>(
    tx,
    sql`select input.w as input, c.word
        from unnest(string_to_array(${words.join(' ')}, ' ')) as input(w)
        cross join lateral (
          select word from search_lexicon
          where word % input.w
          order by similarity(word, input.w) desc, word
          limit 3
        ) c
        where length(input.w) >= 3
          and not exists (select 1 from search_lexicon l where l.word like input.w || '%')`,
  );
}

/** Fills the lexicon from every book (after bulk loads that bypass admin-queries' insertBook). */
export async function rebuildSearchLexicon(tx: Tx): Promise<void> {
  await tx.execute(
    sql`insert into search_lexicon (word)
        select distinct word from books, unnest(tsvector_to_array(search_vector)) as word
        on conflict do nothing`,
  );
}

/** What the in-memory catalogue index keeps of a book (decision 050): all the list shows, and what search reads. */
export type IndexRow = BookRow & { author_names: string; genre_names: string };

/** The oldest transaction still running (whose writes a later read must not miss) and the highest book id. */
export async function findIndexSnapshot(tx: Tx): Promise<{ xmin: string; maxId: number }> {
  const [row] = await rows<{ xmin: string; max_id: number | null }>(
    tx,
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin, (select max(id) from books) as max_id`,
  );
  return { xmin: row!.xmin, maxId: row!.max_id ?? 0 };
}

/**
 * Which database this is, as the catalogue index's snapshot names it (decision 106): the cluster's
 * system identifier (random at initdb, kept by its streaming replicas), the database's name and its
 * oid (new when a database of that name is made again). Works on PGlite too.
 */
export async function findDatabaseIdentity(tx: Tx): Promise<string> {
  const [row] = await rows<{ identity: string }>(
    tx,
    sql`select concat_ws('/', s.system_identifier, d.datname, d.oid) as identity
        from pg_control_system() s, pg_database d where d.datname = current_database()`,
  );
  return row!.identity;
}

/**
 * Shown books with ids in [fromId, toId): the index's first build reads the catalogue in such
 * slices, so no single result holds it all. Images, authors and genres are aggregated in one
 * pass each over the slice instead of three subqueries per book (about 3× faster).
 */
export function findShownBooksInIdRange(tx: Tx, fromId: number, toId: number): Promise<IndexRow[]> {
  return rows<IndexRow>(
    tx,
    sql`with images as (
          select book_id, json_agg(image_key order by position) as image_keys from book_images
          where book_id >= ${fromId} and book_id < ${toId} group by book_id
        ), book_authors_json as (
          select ba.book_id, json_agg(json_build_object('id', a.id, 'name', a.name, 'nameAr', a.name_ar) order by ba.position, a.id) as authors
          from book_authors ba join authors a on a.id = ba.author_id
          where ba.book_id >= ${fromId} and ba.book_id < ${toId} group by ba.book_id
        ), book_genres_json as (
          select bg.book_id, json_agg(json_build_object('id', g.id, 'name', g.name, 'nameAr', g.name_ar) order by g.name) as genres
          from book_genres bg join genres g on g.id = bg.genre_id
          where bg.book_id >= ${fromId} and bg.book_id < ${toId} group by bg.book_id
        )
        select b.id, b.title, b.title_ar, b.description, b.description_ar, b.isbn, b.price_fils, b.discount_percentage, b.discounted_price_fils,
               b.stock_quantity, b.next_day_eligible, b.rating_average, b.rating_count, b.main_image_index, b.is_active,
               b.created_at, b.updated_at, b.author_names, b.genre_names, coalesce(i.image_keys, '[]') as image_keys,
               coalesce(ba.authors, '[]') as authors, coalesce(bg.genres, '[]') as genres
        from books b
        left join images i on i.book_id = b.id
        left join book_authors_json ba on ba.book_id = b.id
        left join book_genres_json bg on bg.book_id = b.id
        where b.id >= ${fromId} and b.id < ${toId} and b.is_active`,
  );
}

/**
 * Every book written by a transaction that had not committed when the snapshot of `sinceXmin`
 * was taken (hidden ones too, so the index can drop them), with this snapshot's xmin to ask from
 * next time. One statement, so the rows and the xmin come from one snapshot.
 */
export async function findBooksChangedSince(tx: Tx, sinceXmin: string): Promise<{ xmin: string; rows: IndexRow[] }> {
  const found = await rows<IndexRow & { xmin: string; id: number | null }>(
    tx,
    sql`with snapshot as (select pg_snapshot_xmin(pg_current_snapshot())::text as xmin)
        select snapshot.xmin, ${bookColumns}, b.author_names, b.genre_names
        from snapshot left join books b on b.changed_xid >= ${sinceXmin}::xid8`,
  );
  return { xmin: found[0]!.xmin, rows: found.filter((row): row is IndexRow & { xmin: string } => row.id !== null) };
}

/** Shown books' ids in the list's order (the database's collation decides it). */
export async function findShownBookIdsInTitleOrder(tx: Tx): Promise<number[]> {
  const found = await tx
    .select({ id: books.id })
    .from(books)
    // As the partial list index is declared, so the planner reads it alone.
    .where(sql`${books.isActive}`)
    .orderBy(asc(books.title), asc(books.id));
  return found.map((row) => row.id);
}

/**
 * What the compact catalogue index keeps of a book (decision 096): only what ranking, the list's
 * filters and the search dropdown (decision 107) read. Authors and genres are ids, their names kept
 * once per author and genre.
 */
export type IndexFields = {
  id: number;
  title: string;
  title_ar: string | null;
  discounted_price_fils: number;
  in_stock: boolean;
  discounted: boolean;
  rating: number;
  author_ids: number[];
  genre_ids: number[];
  /** The search dropdown's cover (decision 107): `coverKeyOf` picks it. */
  image_keys: string[];
  main_image_index: number;
};

/**
 * The index fields of shown books with ids in [fromId, toId): the first build reads the catalogue
 * in such slices, so no single result holds it all, and reads no description or date it would
 * not keep.
 */
export function findShownIndexFieldsInIdRange(tx: Tx, fromId: number, toId: number): Promise<IndexFields[]> {
  return rows<IndexFields>(
    tx,
    sql`with book_author_ids as (
          select book_id, array_agg(author_id order by position, author_id) as author_ids from book_authors
          where book_id >= ${fromId} and book_id < ${toId} group by book_id
        ), book_genre_ids as (
          select book_id, array_agg(genre_id order by genre_id) as genre_ids from book_genres
          where book_id >= ${fromId} and book_id < ${toId} group by book_id
        ), book_image_keys as (
          select book_id, array_agg(image_key order by position) as image_keys from book_images
          where book_id >= ${fromId} and book_id < ${toId} group by book_id
        )
        select b.id, b.title, b.title_ar, b.discounted_price_fils, b.stock_quantity > 0 as in_stock,
               b.discount_percentage > 0 as discounted, b.rating_average::float8 as rating,
               coalesce(ba.author_ids, '{}') as author_ids, coalesce(bg.genre_ids, '{}') as genre_ids,
               coalesce(bi.image_keys, '{}') as image_keys, b.main_image_index
        from books b
        left join book_author_ids ba on ba.book_id = b.id
        left join book_genre_ids bg on bg.book_id = b.id
        left join book_image_keys bi on bi.book_id = b.id
        where b.id >= ${fromId} and b.id < ${toId} and b.is_active`,
  );
}
