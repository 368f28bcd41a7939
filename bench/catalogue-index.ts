import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CatalogueIndex } from '../apps/api/src/modules/catalogue/catalogue-index.ts';
import { openPostgres } from '../apps/api/src/platform/db.ts';

export type CatalogueIndexMeasurement = { books: number; buildMs: number; heapMiB: number };

/**
 * Builds the in-memory catalogue index (decision 050) from the bench database as the app does at
 * start-up, and reports its build time and the heap it keeps (measured after full collections).
 */
export async function measureCatalogueIndex(databaseUrl: string): Promise<CatalogueIndexMeasurement> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const handle = await openPostgres(databaseUrl, 2);
  try {
    gc();
    const before = process.memoryUsage().heapUsed;
    const index = new CatalogueIndex(handle.db);
    await index.ready();
    // The list layout is built on the first list request; count it in.
    await index.list({}, 10, 0);
    gc();
    const heapMiB = (process.memoryUsage().heapUsed - before) / 2 ** 20;
    return { books: index.stats!.books, buildMs: index.stats!.buildMs, heapMiB: Math.round(heapMiB) };
  } finally {
    await handle.close();
  }
}
