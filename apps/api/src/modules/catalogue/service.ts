import type { Book, BookPage, BookQuery, SearchResult } from '@bookshop/contracts/catalogue';
import { SEARCH_RESULTS_LIMIT } from '@bookshop/contracts/constants';
import { aedToFils, filsToAed } from '@bookshop/contracts/money';
import type { Tx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import type { ImageStore } from '../../platform/storage.ts';
import * as queries from './queries.ts';

export type CatalogueDeps = { db: Tx; images: ImageStore };

export function createCatalogueService({ db, images }: CatalogueDeps) {
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

  /** Resolves the query's names to ids; undefined when a named genre or author does not exist. */
  async function toFilter(query: BookQuery): Promise<queries.BookFilter | undefined> {
    const filter: queries.BookFilter = {
      minPriceFils: query.minPrice === undefined ? undefined : aedToFils(query.minPrice),
      maxPriceFils: query.maxPrice === undefined ? undefined : aedToFils(query.maxPrice),
      inStockOnly: query.filterInStock,
      discountedOnly: query.hasDiscount,
    };
    if (query.genre) {
      filter.genreId = await queries.findGenreIdByName(db, query.genre);
      if (filter.genreId === undefined) return undefined;
    }
    if (query.author) {
      filter.authorId = await queries.findAuthorIdByName(db, query.author);
      if (filter.authorId === undefined) return undefined;
    }
    return filter;
  }

  return {
    async listBooks(query: BookQuery): Promise<BookPage> {
      const { pageNo, pageSize } = query;
      const filter = await toFilter(query);
      const [noOfRecords, found] = filter
        ? await Promise.all([
            queries.countBooks(db, filter),
            queries.findBooks(db, filter, pageSize, (pageNo - 1) * pageSize),
          ])
        : [0, []];
      return {
        data: found.map(toBook),
        paginationDetails: {
          currentPage: pageNo,
          totalPages: Math.ceil(noOfRecords / pageSize),
          noOfRecords,
          pageSize,
        },
      };
    },

    async getBookByTitle(title: string): Promise<Book> {
      const row = await queries.findBookByTitle(db, title);
      if (!row) throw notFound(`No book is titled "${title}".`);
      return toBook(row);
    },

    async getBooksByIds(ids: number[]): Promise<Book[]> {
      return (await queries.findBooksByIds(db, ids)).map(toBook);
    },

    /** Ranked full-text matches first; typo-tolerant matches fill the remaining places. */
    async searchBooks(keyword: string): Promise<SearchResult[]> {
      const normalized = keyword.trim().toLowerCase();
      const words = normalized.match(/[\p{L}\p{N}]+/gu) ?? [];
      if (words.length === 0) return [];
      const exact = await queries.searchBooksFullText(db, words, SEARCH_RESULTS_LIMIT);
      const fuzzy =
        exact.length < SEARCH_RESULTS_LIMIT
          ? await queries.searchBooksFuzzy(db, words.join(' '), exact.map((row) => row.id), SEARCH_RESULTS_LIMIT - exact.length)
          : [];
      return [...exact, ...fuzzy].map((row) => ({
        id: row.id,
        title: row.title,
        imageUrl: row.image_key ? images.url(row.image_key) : null,
      }));
    },

    /** Adds a book (demo seed, staff); returns its id. */
    createBook: (book: queries.NewBook) => db.transaction((tx) => queries.insertBook(tx, book)),
    isEmpty: async () => (await queries.countAllBooks(db)) === 0,

    listGenres: () => queries.listGenres(db),
    listAuthors: () => queries.listAuthors(db),
    listCountries: () => queries.listCountries(db),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
