import type { BookPage, SearchResult } from '@bookshop/contracts/catalogue';
import type { Tx } from '../../platform/db.ts';
import type { ImageStore } from '../../platform/storage.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import type { CatalogueIndex } from './catalogue-index.ts';

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

/** One instance's caches and in-memory index (decision 050), built in app.ts and handed to the catalogue. */
export function createCatalogueCaches(index: CatalogueIndex) {
  const { list, search, names } = CATALOGUE_CACHE;
  const caches = {
    pages: new TtlCache<BookPage>({ maxEntries: list.pages, ttlMs: list.ttlMs, staleMs: list.staleMs }),
    counts: new TtlCache<number>({ maxEntries: list.counts, ttlMs: list.ttlMs, staleMs: list.staleMs }),
    /** Pages of the search results page: they show prices and stock, so they keep as long as the list's pages. */
    searchPages: new TtlCache<BookPage>({ maxEntries: list.pages, ttlMs: list.ttlMs, staleMs: list.staleMs }),
    searches: new TtlCache<SearchResult[]>({
      maxEntries: search.searches,
      ttlMs: search.ttlMs,
      staleMs: search.staleMs,
    }),
    names: new TtlCache<boolean>({ maxEntries: names.names, ttlMs: names.ttlMs, staleMs: names.staleMs }),
    index,
    /** How many times the catalogue changed: a cache built from it elsewhere (the sitemap) is stale once it moves. */
    changes: 0,
    /** The catalogue changed: the index reads the change before its next answer, and the caches forget. */
    invalidate() {
      caches.changes++;
      index.invalidate();
      caches.pages.clear();
      caches.counts.clear();
      caches.searchPages.clear();
      caches.searches.clear();
      caches.names.clear();
    },
  };
  return caches;
}

export type CatalogueCaches = ReturnType<typeof createCatalogueCaches>;

/** What the storefront's read use cases run on: the database, where images are served, this instance's caches. */
export type CatalogueReadDeps = { db: Tx; images: ImageStore; caches: CatalogueCaches };
