import { sql } from 'drizzle-orm';
import {
  addBook,
  anyArabicTitle,
  catalogueIsEmpty,
  fillArabicCatalogue,
  listBookPrices,
} from '../modules/catalogue/service.ts';
import type { Database, Tx } from '../platform/db.ts';
import type { ImageStore } from '../platform/storage.ts';
import { renderCover } from './cover.ts';
import { DEMO_AUTHOR_NAMES_AR, DEMO_BOOKS, DEMO_GENRE_NAMES_AR, type DemoBook } from './demo-books.ts';
import { demoIsbn } from './isbn.ts';

/** Covers in flight at once: enough to keep every core busy (sharp works on the libuv pool), few enough to bound memory. */
const COVER_CONCURRENCY = 4;
/** Serialises concurrent seeders (several instances starting on one PostgreSQL). */
export const SEED_LOCK_ID = 7345002;

/** Stores a generated cover per demo book, then inserts all books in one transaction. Returns how many were added. */
export async function seedDemoCatalogue(
  db: Database,
  images: ImageStore,
  books: DemoBook[] = DEMO_BOOKS,
): Promise<number> {
  const imageKeys = await renderCovers(images, books);
  const added = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    // Another instance may have seeded while we rendered covers; the lock makes this check final.
    if (!(await catalogueIsEmpty(tx))) return 0;
    await addDemoBooks(tx, books, imageKeys);
    await fillArabicCatalogue(tx, demoArabic(books));
    return books.length;
  });
  return added;
}

/**
 * A demo shop seeded before the Arabic catalogue (decision 090) gets it once: the demo works it
 * lacks, and the Arabic titles, descriptions and names still empty. Once any book has an Arabic
 * title this does nothing, so what staff clear stays cleared. Returns how many books it added.
 */
export async function seedDemoArabicIfMissing(
  db: Database,
  images: ImageStore,
  books: DemoBook[] = DEMO_BOOKS,
): Promise<number> {
  if (await anyArabicTitle(db)) return 0;
  const missingIn = async (tx: Tx) => {
    const shop = new Set((await listBookPrices(tx)).map((book) => book.title.toLowerCase()));
    return books.filter((book) => !shop.has(book.title.toLowerCase()));
  };
  const missing = await missingIn(db);
  const imageKeys = await renderCovers(images, missing);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (await anyArabicTitle(tx)) return 0;
    // Another instance may have added some while we rendered covers.
    const stillMissing = new Set((await missingIn(tx)).map((book) => book.title));
    const adding = missing.flatMap((book, i) => (stillMissing.has(book.title) ? [{ book, key: imageKeys[i]! }] : []));
    await addDemoBooks(
      tx,
      adding.map((a) => a.book),
      adding.map((a) => a.key),
    );
    await fillArabicCatalogue(tx, demoArabic(books));
    return adding.length;
  });
}

const demoArabic = (books: DemoBook[]) => ({
  books: books.filter((book) => book.titleAr !== undefined || book.descriptionAr !== undefined),
  authors: DEMO_AUTHOR_NAMES_AR,
  genres: DEMO_GENRE_NAMES_AR,
});

function renderCovers(images: ImageStore, books: DemoBook[]): Promise<string[]> {
  return mapWithConcurrency(books, COVER_CONCURRENCY, async (book) => {
    const cover = await renderCover({ title: book.title, authors: book.authors, genre: book.genres[0] });
    return images.putImage(`books/${slugify(book.title)}`, cover);
  });
}

async function addDemoBooks(tx: Tx, books: DemoBook[], imageKeys: string[]): Promise<void> {
  for (const [i, book] of books.entries()) {
    await addBook(tx, {
      title: book.title,
      titleAr: book.titleAr ?? null,
      description: book.description,
      descriptionAr: book.descriptionAr ?? null,
      isbn: demoIsbn(book.title),
      priceFils: book.priceFils,
      discountPercentage: book.discountPercentage ?? 0,
      stockQuantity: book.stockQuantity,
      nextDayEligible: book.nextDayEligible ?? false,
      authorNames: book.authors,
      genreNames: book.genres,
      imageKeys: [imageKeys[i]!],
      mainImageIndex: 0,
    });
  }
}

/** URL- and file-safe: "Alice's Adventures in Wonderland" → "alices-adventures-in-wonderland". */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Like Promise.all over items.map(fn), but with at most `limit` calls in flight; results keep input order. */
async function mapWithConcurrency<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
