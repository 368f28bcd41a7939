import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CatalogueIndex, ROW_CACHE_BOOKS } from '../apps/api/src/modules/catalogue/catalogue-index.ts';
import { openPostgres } from '../apps/api/src/platform/db.ts';

export type CatalogueIndexMeasurement = { books: number; buildMs: number; heapMiB: number; rowCacheBooks: number };

/**
 * Builds the in-memory catalogue index (decisions 050, 096) from the bench database as the app
 * does at start-up, and reports its build time and the heap it keeps (measured after full
 * collections, typed arrays included): the index with its list layout, search scratch and its
 * row cache filled to its bound (`ROW_CACHE_BOOKS` whole rows, read after the build).
 */
/** JS heap plus the typed arrays' backing stores, which V8 keeps outside `heapUsed`. */
const heapWithTypedArrays = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

export async function measureCatalogueIndex(databaseUrl: string): Promise<CatalogueIndexMeasurement> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const handle = await openPostgres(databaseUrl, 2);
  try {
    gc();
    const before = heapWithTypedArrays();
    const index = new CatalogueIndex(handle.db);
    await index.ready();
    // The first search sizes the search scratch; the row cache fills in the background up to its bound.
    await index.search('silent river', 1);
    await index.rowsWarmed;
    gc();
    const heapMiB = (heapWithTypedArrays() - before) / 2 ** 20;
    return {
      books: index.stats!.books,
      buildMs: index.stats!.buildMs,
      heapMiB: Math.round(heapMiB),
      rowCacheBooks: ROW_CACHE_BOOKS,
    };
  } finally {
    await handle.close();
  }
}

// `tsx bench/catalogue-index.ts`: the index alone, against BENCH_DATABASE_URL (filled by `npm run bench`).
if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bookshop_bench';
  console.log(JSON.stringify(await measureCatalogueIndex(url)));
}
