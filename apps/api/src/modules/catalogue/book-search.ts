import type { SearchResult } from '@bookshop/contracts/catalogue';
import { SEARCH_RESULTS_LIMIT } from '@bookshop/contracts/constants';
import type { Tx } from '../../platform/db.ts';
import { keywordWords } from '../search/service.ts';
import type { CatalogueReadDeps } from './caches.ts';
import * as queries from './queries.ts';

/**
 * Up to ten shown books for a keyword, forgiving typos, unfinished and run-together words,
 * spelling variants and accents (decision 050), from the in-memory index; until it is built, or
 * should it fail to build, from PostgreSQL full text with lexicon corrections (decision 001).
 */
export async function searchBooks({ db, images, caches }: CatalogueReadDeps, keyword: string): Promise<SearchResult[]> {
  const words = keywordWords(keyword);
  if (words.length === 0) return [];
  return caches.searches.getOrLoad(words.join(' '), async () => {
    const indexed = await caches.index.search(keyword, SEARCH_RESULTS_LIMIT);
    if (indexed)
      return indexed.map((row) => {
        const imageKey = row.image_keys[row.main_image_index] ?? row.image_keys[0];
        return {
          id: row.id,
          title: row.title,
          titleAr: row.title_ar,
          imageUrl: imageKey ? images.url(imageKey) : null,
        };
      });
    return (await searchInDatabase(db, words)).map((row) => ({
      id: row.id,
      title: row.title,
      titleAr: row.title_ar,
      imageUrl: row.image_key ? images.url(row.image_key) : null,
    }));
  });
}

/**
 * Ranked full-text matches first. When they are fewer than ten, words that match no known
 * word are replaced by the closest known ones ("prejudise" → "prejudice") and the books
 * found that way fill the remaining places.
 */
async function searchInDatabase(db: Tx, words: string[]): Promise<queries.SearchRow[]> {
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
