import { z } from 'zod';
import { BookPageSchema, BookSchema, SearchResultSchema } from '@bookshop/contracts/catalogue';
import type { Tx } from '../../platform/db.ts';
import type { PreparedAnswer } from '../../platform/prepared-answer.ts';
import { prepareJson } from '../../platform/public-answers.ts';
import type { ImageStore } from '../../platform/storage.ts';
import { TtlCache, type TtlCacheOptions } from '../../platform/ttl-cache.ts';
import type { CatalogueIndex } from './catalogue-index.ts';
import type { ChangeReach } from './invalidation.ts';

/**
 * Short-lived caches of the storefront's hottest reads (see docs/performance.md). An entry is
 * fresh for `ttlMs`, then served for up to `staleMs` more while it is reloaded in the background.
 * Every committed catalogue change this instance hears clears them at once (invalidation.ts);
 * changes announced to no one else (stock taken on another instance) show up within ttl + stale.
 * Counts are cached apart from pages because every page of one filter shares its count, and a
 * count is the costly part: it visits every matching row. Search results hold no price or stock
 * and cost the most to compute, so they live longer.
 */
export const CATALOGUE_CACHE = {
  list: { ttlMs: 30_000, staleMs: 30_000, pages: 1000, counts: 5000 },
  search: { ttlMs: 60_000, staleMs: 60_000, searches: 2000 },
  /** Whether a book title, genre or author name exists: asked for every catalogue page the server answers. */
  names: { ttlMs: 30_000, staleMs: 30_000, names: 5000 },
} as const;

/**
 * A TtlCache of answers: what a load makes is serialised through the route's response schema as
 * it is stored, and each encoding compressed when first asked for (decision 101), so a hit sends
 * the kept bytes and neither serialises nor compresses again.
 */
export class AnswerCache<S extends z.ZodType> {
  readonly #answers: TtlCache<PreparedAnswer>;
  readonly #schema: S;

  constructor(schema: S, options: TtlCacheOptions) {
    this.#schema = schema;
    this.#answers = new TtlCache(options);
  }

  getOrLoad(key: string, load: () => Promise<z.output<S>>): Promise<PreparedAnswer> {
    return this.#answers.getOrLoad(key, async () => prepareJson(this.#schema, await load()));
  }

  clear() {
    this.#answers.clear();
  }
}

/** One instance's caches and in-memory index (decision 050), built in app.ts and handed to the catalogue. */
export function createCatalogueCaches(index: CatalogueIndex) {
  const { list, search, names } = CATALOGUE_CACHE;
  const caches = {
    pages: new AnswerCache(BookPageSchema, { maxEntries: list.pages, ttlMs: list.ttlMs, staleMs: list.staleMs }),
    counts: new TtlCache<number>({ maxEntries: list.counts, ttlMs: list.ttlMs, staleMs: list.staleMs }),
    /** Pages of the search results page: they show prices and stock, so they keep as long as the list's pages. */
    searchPages: new AnswerCache(BookPageSchema, { maxEntries: list.pages, ttlMs: list.ttlMs, staleMs: list.staleMs }),
    searches: new AnswerCache(z.array(SearchResultSchema), {
      maxEntries: search.searches,
      ttlMs: search.ttlMs,
      staleMs: search.staleMs,
    }),
    /** Books by title (the book page's read): they show price and stock, so they keep as the list's pages. */
    books: new AnswerCache(BookSchema, { maxEntries: list.pages, ttlMs: list.ttlMs, staleMs: list.staleMs }),
    /** The genres, authors and countries lists, and the author picker's answers, kept as the list's pages are. */
    lists: new TtlCache<PreparedAnswer>({ maxEntries: list.pages, ttlMs: list.ttlMs, staleMs: list.staleMs }),
    names: new TtlCache<boolean>({ maxEntries: names.names, ttlMs: names.ttlMs, staleMs: names.staleMs }),
    index,
    /** How many times the catalogue changed: a cache built from it elsewhere (the sitemap) is stale once it moves. */
    changes: 0,
    /**
     * How many of those changes were announced to every instance (staff edits, prices, ratings):
     * what a CDN in front is told to purge for (decision 102). Stock a checkout moved is not among
     * them, or a burst of sales would empty the CDN every second when it is needed most.
     */
    sharedChanges: 0,
    /** The catalogue changed: the index reads the change before its next answer, and the caches forget. */
    invalidate(reach: ChangeReach = 'everywhere') {
      caches.changes++;
      if (reach === 'everywhere') caches.sharedChanges++;
      index.invalidate();
      caches.pages.clear();
      caches.counts.clear();
      caches.searchPages.clear();
      caches.searches.clear();
      caches.books.clear();
      caches.lists.clear();
      caches.names.clear();
    },
  };
  return caches;
}

export type CatalogueCaches = ReturnType<typeof createCatalogueCaches>;

/** What the storefront's read use cases run on: the database, where images are served, this instance's caches. */
export type CatalogueReadDeps = { db: Tx; images: ImageStore; caches: CatalogueCaches };
