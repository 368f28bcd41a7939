import { z } from 'zod';
import {
  AuthorSchema,
  CountrySchema,
  GenreSchema,
  type AuthorQuery,
  type Book,
  type BookQuery,
  type SearchBooksPageQuery,
} from '@bookshop/contracts/catalogue';
import { AUTHOR_SEARCH_DEFAULT_LIMIT } from '@bookshop/contracts/constants';
import type { Tx } from '../../platform/db.ts';
import { HttpProblem, notFound } from '../../platform/errors.ts';
import { prepareJson } from '../../platform/public-answers.ts';
import type { IndexLog } from './catalogue-index.ts';
import type { ChangeReach } from './invalidation.ts';
import { listBooks, listShownBooks } from './book-list.ts';
import { searchBookPage, searchBooks } from './book-search.ts';
import type { NewBook } from './admin-queries.ts';
import { addBook, toBook } from './books.ts';
import type { CatalogueReadDeps } from './caches.ts';
import * as queries from './queries.ts';

/** For the demo seed, in its own transaction: adding a book, asking whether there are any, their prices. */
export { addBook, anyArabicTitle, catalogueIsEmpty, fillArabicCatalogue } from './books.ts';
export { listBookPrices } from './stock-service.ts';

/**
 * The catalogue as other modules and the routes use it: the storefront's reads (lists and search
 * in book-list.ts and book-search.ts, answered from this instance's caches and in-memory index,
 * which app.ts builds and hands in), the look-ups behind them, and `createBook` for tests and
 * tools. Staff writes are admin-service.ts; stock and ratings are stock.ts and ratings.ts.
 */
export function createCatalogueService(deps: CatalogueReadDeps & { primary?: Tx }) {
  // `db` may be a read replica (decision 098); `primary` answers what a customer's own use case
  // reads back (books in a cart, a wishlist, a review; countries of an address) and takes writes.
  const { db, images, caches, primary = db } = deps;
  // Names match case-insensitively, as the lookups do; a NUL byte is no name PostgreSQL can compare.
  const exists = (kind: string, name: string, find: () => Promise<boolean>) =>
    name.includes('\0') ? Promise.resolve(false) : caches.names.getOrLoad(`${kind}:${name.toLowerCase()}`, find);

  async function getBookByTitle(title: string): Promise<Book> {
    const row = await queries.findBookByTitle(db, title);
    if (!row) throw notFound(`No book is titled "${title}".`);
    return toBook(images, row);
  }

  /** Every author; the one named `name`; or at most `limit` whose name holds `search` (decision 097). */
  function findAuthors({ search, limit, name }: AuthorQuery) {
    if (name !== undefined) return name.includes('\0') ? [] : queries.findAuthorsNamed(db, name);
    if (search === undefined && limit === undefined) return queries.listAuthors(db);
    return search?.includes('\0') ? [] : queries.searchAuthors(db, search ?? '', limit ?? AUTHOR_SEARCH_DEFAULT_LIMIT);
  }

  /** The book's answer, loaded and kept once: a page's existence check leaves it for the page's own API read. */
  const bookAnswer = (title: string) => caches.books.getOrLoad(title, () => getBookByTitle(title));

  return {
    /** The storefront's list and searches, as their answers: serialised once, each encoding compressed once (decision 101). */
    listBooks: (query: BookQuery) => listBooks(deps, query),
    searchBooks: (keyword: string) => searchBooks(deps, keyword),
    searchBookPage: (query: SearchBooksPageQuery) => searchBookPage(deps, query),
    /** Every shown book in title order (the sitemap). */
    listShownBooks: () => listShownBooks(deps),

    /** A book by its title, as its answer (decision 101), cached like the lists; a missing title is a 404, not kept. */
    bookAnswer,

    /**
     * Never cached: checkout reads prices and stock here inside its transaction. Hidden books are
     * left out unless `includeHidden` (a cart still shows a line staff hid, so it can be removed).
     */
    async getBooksByIds(ids: number[], options: { tx?: Tx; includeHidden?: boolean } = {}): Promise<Book[]> {
      return (await queries.findBooksByIds(options.tx ?? primary, ids, options.includeHidden)).map((row) =>
        toBook(images, row),
      );
    },
    /** A book row as the storefront shows it (the staff service answers the same shape). */
    toBook: (row: queries.BookRow) => toBook(images, row),

    /** Builds the in-memory index in the background: readiness waits for it (issue 25), a read at most a second. */
    startIndex: (log: IndexLog) => caches.index.start(log),
    /** Resolves once the in-memory index answers (tests, the bench). */
    indexReady: () => caches.index.ready(),
    /** The in-memory index's first build has ended (readiness waits for it). */
    indexWarm: () => caches.index.warm,

    /** Adds a book (tests, tools); returns its id. The caches hear of it when it commits. */
    createBook: (book: NewBook): Promise<number> => primary.transaction((tx) => addBook(tx, book)),
    /** Forgets cached lists, counts and searches: what the after-commit hook calls (invalidation.ts). */
    invalidate: (reach?: ChangeReach) => caches.invalidate(reach),
    /** How many times this instance heard the catalogue change: a cache built from it is stale once it moves. */
    changeCount: () => caches.changes,
    /** How many of them every instance heard (not stock a checkout here moved): what a CDN purges for. */
    sharedChangeCount: () => caches.sharedChanges,

    /** Whether the shop has this book, genre or author (any letter case); cached like the lists. */
    hasBook: (title: string) =>
      exists('book', title, () =>
        bookAnswer(title).then(
          () => true,
          (error: unknown) => {
            if (error instanceof HttpProblem && error.status === 404) return false;
            throw error;
          },
        ),
      ),
    hasGenre: (name: string) =>
      exists('genre', name, async () => (await queries.findGenreIdByName(db, name)) !== undefined),
    hasAuthor: (name: string) =>
      exists('author', name, async () => (await queries.findAuthorIdByName(db, name)) !== undefined),

    /** The genres, authors and countries lists, as their answers (decision 101), cached like the lists. */
    listGenres: () =>
      caches.lists.getOrLoad('genres', async () => prepareJson(z.array(GenreSchema), await queries.listGenres(db))),
    /**
     * Every author (the staff book form); with `name` the one of that name; with `search`/`limit`
     * at most a picker's page of them (decision 097). Each answer is cached like the lists.
     */
    listAuthors: ({ search, limit, name }: AuthorQuery = {}) =>
      caches.lists.getOrLoad(`authors\0${search ?? ''}\0${limit ?? ''}\0${name ?? ''}`, async () =>
        prepareJson(z.array(AuthorSchema), await findAuthors({ search, limit, name })),
      ),
    listCountries: () =>
      caches.lists.getOrLoad('countries', async () =>
        prepareJson(z.array(CountrySchema), await queries.listCountries(db)),
      ),
    /** The country with this ISO alpha-2 code, if the shop knows it (addresses check against it). */
    getCountry: (code: string) => queries.findCountry(primary, code),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's catalogue, built in app.ts: tests add books through it and the bench waits for its index. */
    catalogue: CatalogueService;
  }
}
