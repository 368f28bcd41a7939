import { SearchIndex } from './search-index.ts';
import { isStopWord, searchWords } from './search-words.ts';

/**
 * What other modules use of search (docs/decisions/050-forgiving-search.md, 064): an index of
 * books' words with no I/O, which the catalogue fills from its shown books and keeps in step, and
 * the words a keyword is searched by.
 */

export type { SearchIndex };

/** An empty index; the catalogue's in-memory index owns one and rebuilds it when edits leave dead slots. */
export const createSearchIndex = (): SearchIndex => new SearchIndex();

/** The words a keyword is searched by: folded, split, spelling variants unified; empty when it holds none. */
export const keywordWords = (keyword: string): string[] => searchWords(keyword);

/** The keyword's words that can make a book match: its words without the stop words (decision 088). */
export const meaningfulWords = (keyword: string): string[] => searchWords(keyword).filter((word) => !isStopWord(word));

/** What the catalogue index's snapshot keeps of the search index (decision 106). */
export type SearchIndexState = ReturnType<SearchIndex['snapshot']>;

/** The search index a snapshot holds; throws if its parts do not fit together. */
export const restoreSearchIndex = (state: SearchIndexState): SearchIndex => SearchIndex.restored(state);
