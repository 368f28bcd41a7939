import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { CatalogueIndex, ROW_CACHE_BOOKS } from '../apps/api/src/modules/catalogue/catalogue-index.ts';
import { openPostgres, rows } from '../apps/api/src/platform/db.ts';
import { searchKeywords } from './scenarios.ts';

export type CatalogueIndexMeasurement = {
  books: number;
  buildMs: number;
  heapMiB: number;
  rowCacheBooks: number;
  /** The snapshot the built index wrote (decision 106), and a second index started from it. */
  snapshot: {
    /** From the copy of the index to the file renamed into place, and the copy alone (the event loop waits for it). */
    writeMs: number;
    copyMs: number;
    MiB: number;
    /** From `new CatalogueIndex` to ready: file read, changes since, list laid out. */
    readyMs: number;
    source: 'snapshot' | 'database';
    /** Whether it answered the same searches and list pages as the index built from the database. */
    sameAnswers: boolean;
  };
};

/**
 * Builds the in-memory catalogue index (decisions 050, 096) from the bench database as the app
 * does at start-up, and reports its build time and the heap it keeps (measured after full
 * collections, typed arrays included): the index with its list layout, search scratch and its
 * row cache filled to its bound (`ROW_CACHE_BOOKS` whole rows, read after the build). Then the
 * snapshot it wrote (decision 106): how long the write took, its size, and how soon a second index
 * started from it is ready, answering as the first.
 */
/** JS heap plus the typed arrays' backing stores, which V8 keeps outside `heapUsed`. */
const heapWithTypedArrays = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

/**
 * Collects until the heap stops shrinking: V8 frees a dead ArrayBuffer's memory a while after the
 * collection that found it dead, so one `gc()` right after the snapshot's copy was written still
 * counts that copy (tens of MiB at a million books).
 */
async function settledHeap(gc: () => void): Promise<void> {
  let last = Infinity;
  for (let round = 0; round < 10; round++) {
    gc();
    const now = heapWithTypedArrays();
    if (now >= last - 2 ** 20) return;
    last = now;
    await setTimeout(200);
  }
}

export async function measureCatalogueIndex(databaseUrl: string): Promise<CatalogueIndexMeasurement> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const handle = await openPostgres(databaseUrl, 2);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'bookshop-bench-snapshot-'));
  const snapshotFile = path.join(folder, 'catalogue-index.snapshot');
  try {
    gc();
    const before = heapWithTypedArrays();
    const index = new CatalogueIndex(handle.db, { snapshotFile });
    await index.ready();
    // The first search sizes the search scratch; the row cache fills in the background up to its bound.
    await index.search('silent river', 1);
    await index.rowsWarmed;
    await index.snapshotWritten;
    await settledHeap(gc);
    const heapMiB = (heapWithTypedArrays() - before) / 2 ** 20;
    const written = index.lastSnapshotWrite;
    if (!written) throw new Error('The catalogue index wrote no snapshot.');

    const names = (table: string) =>
      rows<{ name: string }>(handle.db, sql`select name from ${sql.raw(table)} order by id limit 200`).then((found) =>
        found.map((row) => row.name),
      );
    const keywords = searchKeywords({ genres: await names('genres'), authors: await names('authors'), count: 40 });
    const answers = async (answering: CatalogueIndex) => {
      const found: unknown[] = [];
      for (const keyword of keywords) {
        const page = (await answering.searchPage(keyword, 20, 0))!;
        found.push(
          keyword,
          page.total,
          page.rows.map((row) => row.id),
        );
      }
      const filters = [
        {},
        { inStockOnly: true },
        { minPriceFils: 5_000, maxPriceFils: 9_000 },
        { discountedOnly: true },
      ];
      for (const filter of filters)
        for (const offset of [0, 500_000]) {
          const page = (await answering.list(filter, 20, offset))!;
          found.push(
            page.total,
            page.rows.map((row) => row.id),
          );
        }
      return JSON.stringify(found);
    };
    const expected = await answers(index);
    await index.close();

    const starting = performance.now();
    const started = new CatalogueIndex(handle.db, { snapshotFile });
    await started.ready();
    const readyMs = Math.round(performance.now() - starting);
    const sameAnswers = (await answers(started)) === expected;
    await started.rowsWarmed;
    await started.close();
    return {
      books: index.stats!.books,
      buildMs: index.stats!.buildMs,
      heapMiB: Math.round(heapMiB),
      rowCacheBooks: ROW_CACHE_BOOKS,
      snapshot: {
        writeMs: written.ms,
        copyMs: written.copyMs,
        MiB: Math.round((written.bytes / 2 ** 20) * 10) / 10,
        readyMs,
        source: started.stats!.source,
        sameAnswers,
      },
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
    await handle.close();
  }
}

// `tsx bench/catalogue-index.ts`: the index alone, against BENCH_DATABASE_URL (filled by `npm run bench`).
if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bookshop_bench';
  console.log(JSON.stringify(await measureCatalogueIndex(url)));
}
