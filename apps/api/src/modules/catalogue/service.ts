import type { Book, BookPage, BookQuery, SearchResult } from '@bookshop/contracts/catalogue';
import { toPage } from '@bookshop/contracts/pagination';
import { SEARCH_RESULTS_LIMIT } from '@bookshop/contracts/constants';
import { aedToFils, filsToAed } from '@bookshop/contracts/money';
import type { Tx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import type { ImageStore } from '../../platform/storage.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import { CatalogueIndex, type IndexLog } from './catalogue-index.ts';
import * as queries from './queries.ts';
import { keywordWords } from '../search/service.ts';

export type CatalogueDeps = { db: Tx; images: ImageStore };

/**
 * Short-lived caches of the storefront's hottest reads (see docs/performance.md). An entry is
 * fresh for `ttlMs`, then served for up to `staleMs` more while it is reloaded in the background.
 * Writes made through this service clear them at once; other writers (stock taken at checkout,
 * other instances) show up within ttl + stale. Counts are cached apart from pages because every
 * page of one filter shares its count, and a count is the costly part: it visits every matching
 * row. Search results hold no price or stock and cost the most to compute, so they live longer.
 */
export const CATALOGUE_CACHE = {
  list: { ttlMs: 30_000, staleMs: 30_000, pages: 1000, counts: 5000 },
  search: { ttlMs: 60_000, staleMs: 60_000, searches: 2000 },
  /** Whether a book title, genre or author name exists: asked for every catalogue page the server answers. */
  names: { ttlMs: 30_000, staleMs: 30_000, names: 5000 },
} as const;

/** Books read per query when the index cannot list every shown book. */
const SHOWN_BOOKS_SLICE = 10_000;

function createCatalogueCaches() {
  const { list, search, names } = CATALOGUE_CACHE;
  return {
    pages: new TtlCache<BookPage>({ maxEntries: list.pages, ttlMs: list.ttlMs, staleMs: list.staleMs }),
    counts: new TtlCache<number>({ maxEntries: list.counts, ttlMs: list.ttlMs, staleMs: list.staleMs }),
    searches: new TtlCache<SearchResult[]>({
      maxEntries: search.searches,
      ttlMs: search.ttlMs,
      staleMs: search.staleMs,
    }),
    names: new TtlCache<boolean>({ maxEntries: names.names, ttlMs: names.ttlMs, staleMs: names.staleMs }),
  };
}
type CatalogueCaches = ReturnType<typeof createCatalogueCaches>;

// One set of caches and one in-memory index per database, so every service built on it (app,
// seed, tests) sees the same entries and a write through any of them clears them for all.
const cachesByDatabase = new WeakMap<Tx, CatalogueCaches & { index: CatalogueIndex; changes: number }>();

function cachesFor(db: Tx) {
  let caches = cachesByDatabase.get(db);
  if (!caches)
    cachesByDatabase.set(db, (caches = { ...createCatalogueCaches(), index: new CatalogueIndex(db), changes: 0 }));
  return caches;
}

export function createCatalogueService({ db, images }: CatalogueDeps) {
  const caches = cachesFor(db);
  const { index } = caches;
  const invalidate = () => {
    caches.changes++;
    index.invalidate();
    caches.pages.clear();
    caches.counts.clear();
    caches.searches.clear();
    caches.names.clear();
  };
  // Names match case-insensitively, as the lookups do; a NUL byte is no name PostgreSQL can compare.
  const exists = (kind: string, name: string, find: () => Promise<unknown>) =>
    name.includes('\0')
      ? Promise.resolve(false)
      : caches.names.getOrLoad(`${kind}:${name.toLowerCase()}`, async () => (await find()) !== undefined);

  const toBook = (row: queries.BookRow): Book => {
    const imageUrls = row.image_keys.map((key) => images.url(key));
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      isbn: row.isbn,
      price: filsToAed(row.price_fils),
      discountPercentage: Number(row.discount_percentage),
      discountedPrice: filsToAed(row.discounted_price_fils),
      isInStock: row.stock_quantity > 0,
      stockQuantity: row.stock_quantity,
      isNextDayDeliveryEligible: row.next_day_eligible,
      rating: Number(row.rating_average),
      ratingCount: row.rating_count,
      mainImageURL: imageUrls[row.main_image_index] ?? imageUrls[0] ?? null,
      imageUrls,
      mainImageIndex: row.main_image_index,
      authors: row.authors,
      genres: row.genres,
    };
  };

  /** The query's filters in one canonical form: names lower-cased (they match case-insensitively), prices in fils. */
  function toFilter(query: BookQuery): queries.BookFilter {
    return {
      genre: query.genre?.toLowerCase(),
      author: query.author?.toLowerCase(),
      minPriceFils: query.minPrice === undefined ? undefined : aedToFils(query.minPrice),
      maxPriceFils: query.maxPrice === undefined ? undefined : aedToFils(query.maxPrice),
      inStockOnly: query.filterInStock || undefined,
      discountedOnly: query.hasDiscount || undefined,
    };
  }

  async function loadPage(
    filter: queries.BookFilter,
    filterKey: string,
    pageNo: number,
    pageSize: number,
  ): Promise<BookPage> {
    const offset = (pageNo - 1) * pageSize;
    const indexed = await index.list(filter, pageSize, offset);
    if (indexed) return toPage(indexed.rows.map(toBook), indexed.total, { pageNo, pageSize });
    // The index is not built yet (a large catalogue) or could not be: the database answers.
    const [noOfRecords, found] = await Promise.all([
      caches.counts.getOrLoad(filterKey, () => queries.countBooks(db, filter)),
      queries.findBooks(db, filter, pageSize, offset),
    ]);
    return toPage(found.map(toBook), noOfRecords, { pageNo, pageSize });
  }

  /**
   * Ranked full-text matches first. When they are fewer than ten, words that match no known
   * word are replaced by the closest known ones ("prejudise" → "prejudice") and the books
   * found that way fill the remaining places.
   */
  async function searchInDatabase(words: string[]): Promise<queries.SearchRow[]> {
    const exact = await queries.searchBooksFullText(
      db,
      words.map((word) => ({ word })),
      SEARCH_RESULTS_LIMIT,
    );
    if (exact.length >= SEARCH_RESULTS_LIMIT) return exact;
    const corrections = await queries.findWordCorrections(db, words);
    if (corrections.length === 0) return exact;
    const terms = words.map((word) => ({
      word,
      alternatives: corrections.filter((c) => c.input === word && /^[\p{L}\p{N}]+$/u.test(c.word)).map((c) => c.word),
    }));
    const corrected = await queries.searchBooksFullText(
      db,
      terms,
      SEARCH_RESULTS_LIMIT - exact.length,
      exact.map((row) => row.id),
    );
    return [...exact, ...corrected];
  }

  return {
    listBooks(query: BookQuery): Promise<BookPage> {
      const { pageNo, pageSize } = query;
      const filter = toFilter(query);
      const filterKey = JSON.stringify(filter);
      return caches.pages.getOrLoad(`${pageNo}:${pageSize}:${filterKey}`, () =>
        loadPage(filter, filterKey, pageNo, pageSize),
      );
    },

    async getBookByTitle(title: string): Promise<Book> {
      const row = await queries.findBookByTitle(db, title);
      if (!row) throw notFound(`No book is titled "${title}".`);
      return toBook(row);
    },

    /**
     * Never cached: checkout reads prices and stock here inside its transaction. Hidden books are
     * left out unless `includeHidden` (a cart still shows a line staff hid, so it can be removed).
     */
    async getBooksByIds(ids: number[], options: { tx?: Tx; includeHidden?: boolean } = {}): Promise<Book[]> {
      return (await queries.findBooksByIds(options.tx ?? db, ids, options.includeHidden)).map(toBook);
    },
    /** A book row as the storefront shows it (the staff service answers the same shape). */
    toBook,

    /**
     * Up to ten shown books for a keyword, forgiving typos, unfinished and run-together words,
     * spelling variants and accents (decision 050), from the in-memory index; should it fail to
     * build, from PostgreSQL full text with lexicon corrections (decision 001).
     */
    async searchBooks(keyword: string): Promise<SearchResult[]> {
      const words = keywordWords(keyword);
      if (words.length === 0) return [];
      return caches.searches.getOrLoad(words.join(' '), async () => {
        const indexed = await index.search(keyword, SEARCH_RESULTS_LIMIT);
        if (indexed)
          return indexed.map((row) => {
            const imageKey = row.image_keys[row.main_image_index] ?? row.image_keys[0];
            return { id: row.id, title: row.title, imageUrl: imageKey ? images.url(imageKey) : null };
          });
        return (await searchInDatabase(words)).map((row) => ({
          id: row.id,
          title: row.title,
          imageUrl: row.image_key ? images.url(row.image_key) : null,
        }));
      });
    },

    /** Builds the in-memory index in the background: readiness does not wait, a read at most a second. */
    startIndex: (log: IndexLog) => index.start(log),
    /** Resolves once the in-memory index answers (tests, the bench). */
    indexReady: () => index.ready(),

    /** Adds a book (demo seed, staff); returns its id. */
    async createBook(book: queries.NewBook): Promise<number> {
      const id = await db.transaction((tx) => queries.insertBook(tx, book));
      invalidate();
      return id;
    },
    /** Forgets cached lists, counts and searches; call after any change to books, stock or prices. */
    invalidate,
    /**
     * How many times the catalogue was invalidated (here, by another service on this database or
     * by another instance's NOTIFY): a cache built from the catalogue is stale once it moves.
     */
    changeCount: () => caches.changes,
    /** Every shown book in title order: from the in-memory index, or slice by slice from the database. */
    async listShownBooks(): Promise<queries.IndexRow[]> {
      const indexed = await index.shown();
      if (indexed) return indexed;
      const { maxId } = await queries.findIndexSnapshot(db);
      const found: queries.IndexRow[] = [];
      for (let fromId = 0; fromId <= maxId; fromId += SHOWN_BOOKS_SLICE)
        found.push(...(await queries.findShownBooksInIdRange(db, fromId, fromId + SHOWN_BOOKS_SLICE)));
      return found;
    },
    isEmpty: async () => (await queries.countAllBooks(db)) === 0,

    /** Whether the shop has this book, genre or author (any letter case); cached like the lists. */
    hasBook: (title: string) => exists('book', title, () => queries.findBookByTitle(db, title)),
    hasGenre: (name: string) => exists('genre', name, () => queries.findGenreIdByName(db, name)),
    hasAuthor: (name: string) => exists('author', name, () => queries.findAuthorIdByName(db, name)),

    listGenres: () => queries.listGenres(db),
    listAuthors: () => queries.listAuthors(db),
    listCountries: () => queries.listCountries(db),
    /** The country with this ISO alpha-2 code, if the shop knows it (addresses check against it). */
    getCountry: (code: string) => queries.findCountry(db, code),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
