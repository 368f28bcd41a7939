import type { BookQuery } from '@bookshop/contracts/catalogue';
import { toPage } from '@bookshop/contracts/pagination';
import { aedToFils } from '@bookshop/contracts/money';
import type { PreparedAnswer } from '../../platform/prepared-answer.ts';
import { toBook } from './books.ts';
import type { CatalogueReadDeps } from './caches.ts';
import * as queries from './queries.ts';

/** Books read per query when the index cannot list every shown book. */
const SHOWN_BOOKS_SLICE = 10_000;

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

/**
 * A page of shown books in title order, as its answer (decision 101): from the in-memory index,
 * else (still building, or failed) the database.
 */
export function listBooks({ db, images, caches }: CatalogueReadDeps, query: BookQuery): Promise<PreparedAnswer> {
  const { pageNo, pageSize } = query;
  const filter = toFilter(query);
  const filterKey = JSON.stringify(filter);
  return caches.pages.getOrLoad(`${pageNo}:${pageSize}:${filterKey}`, async () => {
    const offset = (pageNo - 1) * pageSize;
    const indexed = await caches.index.list(filter, pageSize, offset);
    if (indexed)
      return toPage(
        indexed.rows.map((row) => toBook(images, row)),
        indexed.total,
        { pageNo, pageSize },
      );
    const [noOfRecords, found] = await Promise.all([
      caches.counts.getOrLoad(filterKey, () => queries.countBooks(db, filter)),
      queries.findBooks(db, filter, pageSize, offset),
    ]);
    return toPage(
      found.map((row) => toBook(images, row)),
      noOfRecords,
      { pageNo, pageSize },
    );
  });
}

/** Every shown book in title order (the sitemap): from the in-memory index, or slice by slice from the database. */
export async function listShownBooks({ db, caches }: CatalogueReadDeps): Promise<queries.IndexRow[]> {
  const indexed = await caches.index.shown();
  if (indexed) return indexed;
  const { maxId } = await queries.findIndexSnapshot(db);
  const found: queries.IndexRow[] = [];
  for (let fromId = 0; fromId <= maxId; fromId += SHOWN_BOOKS_SLICE)
    found.push(...(await queries.findShownBooksInIdRange(db, fromId, fromId + SHOWN_BOOKS_SLICE)));
  return found;
}
