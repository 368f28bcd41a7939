import { z } from 'zod';
import { BookPageSchema, SearchResultSchema, type SearchBooksPageQuery } from '@bookshop/contracts/catalogue';
import { SEARCH_RESULTS_LIMIT } from '@bookshop/contracts/constants';
import { toPage } from '@bookshop/contracts/pagination';
import type { Tx } from '../../platform/db.ts';
import type { PreparedAnswer } from '../../platform/prepared-answer.ts';
import { prepareJson } from '../../platform/public-answers.ts';
import { keywordWords, meaningfulWords } from '../search/service.ts';
import { toBook } from './books.ts';
import type { CatalogueReadDeps } from './caches.ts';
import * as queries from './queries.ts';

/**
 * Up to ten shown books for a keyword (their answer), forgiving typos, unfinished and run-together words,
 * spelling variants and accents (decision 050), from the in-memory index; until it is built, or
 * should it fail to build, from PostgreSQL full text with lexicon corrections (decision 001).
 * Stop words never make a book match (decision 088).
 */
export function searchBooks({ db, images, caches }: CatalogueReadDeps, keyword: string): Promise<PreparedAnswer> {
  const words = keywordWords(keyword);
  if (words.length === 0) return prepareJson(z.array(SearchResultSchema), []);
  return caches.searches.getOrLoad(words.join(' '), async () => {
    const indexed = await caches.index.search(keyword, SEARCH_RESULTS_LIMIT);
    if (indexed)
      return indexed.map(({ id, title, titleAr, coverKey }) => ({
        id,
        title,
        titleAr,
        imageUrl: coverKey === null ? null : images.url(coverKey),
      }));
    return (await searchInDatabase(db, meaningfulWords(keyword))).map((row) => ({
      id: row.id,
      title: row.title,
      titleAr: row.title_ar,
      imageUrl: row.image_key ? images.url(row.image_key) : null,
    }));
  });
}

/**
 * A page of every shown book the keyword finds (its answer), as the book list pages them (decision 088): the
 * same ranking as `searchBooks`, so its first ten are the dropdown's ten. Until the index is
 * built, books holding every meaningful word, from PostgreSQL full text.
 */
export function searchBookPage(
  { db, images, caches }: CatalogueReadDeps,
  { keyword, pageNo, pageSize }: SearchBooksPageQuery,
): Promise<PreparedAnswer> {
  const words = keywordWords(keyword);
  if (words.length === 0) return prepareJson(BookPageSchema, toPage([], 0, { pageNo, pageSize }));
  return caches.searchPages.getOrLoad(`${pageNo}:${pageSize}:${words.join(' ')}`, async () => {
    const offset = (pageNo - 1) * pageSize;
    const indexed = await caches.index.searchPage(keyword, pageSize, offset);
    if (indexed)
      return toPage(
        indexed.rows.map((row) => toBook(images, row)),
        indexed.total,
        { pageNo, pageSize },
      );
    const meaningful = meaningfulWords(keyword);
    if (meaningful.length === 0) return toPage([], 0, { pageNo, pageSize });
    const { ids, total: onPage } = await queries.searchBookIdsFullText(db, meaningful, pageSize, offset);
    // Past the last page no row carries the total: ask for it.
    const total =
      ids.length === 0 && offset > 0 ? (await queries.searchBookIdsFullText(db, meaningful, 1, 0)).total : onPage;
    const byId = new Map((await queries.findBooksByIds(db, ids)).map((row) => [row.id, row]));
    const found = ids.flatMap((id) => byId.get(id) ?? []);
    return toPage(
      found.map((row) => toBook(images, row)),
      total,
      { pageNo, pageSize },
    );
  });
}

/**
 * Ranked full-text matches first. When they are fewer than ten, words that match no known
 * word are replaced by the closest known ones ("prejudise" → "prejudice") and the books
 * found that way fill the remaining places.
 */
async function searchInDatabase(db: Tx, words: string[]): Promise<queries.SearchRow[]> {
  if (words.length === 0) return [];
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
