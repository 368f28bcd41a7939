import { asc, eq, inArray, sql } from 'drizzle-orm';
import { CheckoutMessages } from '@bookshop/contracts/checkout';
import type { Tx } from '../../platform/db.ts';
import { conflict } from '../../platform/errors.ts';
import { announceCatalogueChange } from './invalidation.ts';
import { bookImages, books } from './schema.ts';

/**
 * Stock primitives for checkout (docs/decisions/028-checkout-and-orders.md). Copies are taken
 * off `books.stock_quantity` when an order is placed (reserved while it is Pending) and put back
 * when an unpaid order is cancelled. Both run inside the caller's transaction and lock the
 * books' rows FOR UPDATE in book-id order, so two checkouts sharing books queue rather than
 * deadlock, and a second buyer reads the stock the first one left. Both announce the change to
 * this instance, whose cached lists forget it once the transaction commits (invalidation.ts);
 * other instances read it within the index's maximum age (decision 050).
 */

export type StockLine = { bookId: number; quantity: number };

/** A book as it is while its row is locked: the prices and eligibility checkout charges. */
export type LockedBook = {
  id: number;
  title: string;
  priceFils: number;
  discountPercentage: number;
  discountedPriceFils: number;
  /** Before this reservation. */
  stockQuantity: number;
  nextDayEligible: boolean;
  /** The main image's storage key, if the book has images. */
  imageKey: string | null;
};

/** Adds up repeated book ids and sorts by id: the one order every locker takes rows in. */
function byBook(lines: StockLine[]): StockLine[] {
  const totals = new Map<number, number>();
  for (const { bookId, quantity } of lines) totals.set(bookId, (totals.get(bookId) ?? 0) + quantity);
  return [...totals].sort(([a], [b]) => a - b).map(([bookId, quantity]) => ({ bookId, quantity }));
}

/** What an order line is priced from: the book's name, prices and the image its line shows. */
const priceColumns = {
  id: books.id,
  title: books.title,
  priceFils: books.priceFils,
  discountPercentage: books.discountPercentage,
  discountedPriceFils: books.discountedPriceFils,
  mainImageIndex: books.mainImageIndex,
};

/** Every book's price columns, by id (the demo seed's past orders are priced from them). */
export const listBookPrices = (tx: Tx) => tx.select(priceColumns).from(books).orderBy(asc(books.id));

async function lockBooks(tx: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      ...priceColumns,
      stockQuantity: books.stockQuantity,
      nextDayEligible: books.nextDayEligible,
      isActive: books.isActive,
    })
    .from(books)
    .where(inArray(books.id, ids))
    .orderBy(asc(books.id))
    .for('update');
}

/** Each book's main image key (the one at its main index, else its first); books without images are absent. */
export async function mainImageKeys(tx: Tx, locked: { id: number; mainImageIndex: number }[]) {
  if (locked.length === 0) return new Map<number, string>();
  const images = await tx
    .select({ bookId: bookImages.bookId, position: bookImages.position, imageKey: bookImages.imageKey })
    .from(bookImages)
    .where(
      inArray(
        bookImages.bookId,
        locked.map((b) => b.id),
      ),
    )
    .orderBy(asc(bookImages.bookId), asc(bookImages.position));
  const keys = new Map<number, string>();
  for (const book of locked) {
    const own = images.filter((image) => image.bookId === book.id);
    const key = own.find((image) => image.position === book.mainImageIndex)?.imageKey ?? own[0]?.imageKey;
    if (key) keys.set(book.id, key);
  }
  return keys;
}

/**
 * Takes `quantity` copies of each book, or none at all: 409 naming the first book without enough
 * copies (and how many are left), 409 too for a book that no longer exists, and with `shownOnly`
 * (a new order) for a book staff hid from the storefront (decision 032). Answers the locked books
 * in book-id order, as they were before the reservation.
 */
export async function reserveStock(
  tx: Tx,
  lines: StockLine[],
  options: { shownOnly?: boolean } = {},
): Promise<LockedBook[]> {
  const wanted = byBook(lines);
  const locked = await lockBooks(
    tx,
    wanted.map((line) => line.bookId),
  );
  const found = new Map(locked.map((book) => [book.id, book]));
  for (const line of wanted) {
    const book = found.get(line.bookId);
    if (!book) throw conflict(CheckoutMessages.notEnoughStock(`#${line.bookId}`, 0));
    if (options.shownOnly && !book.isActive) throw conflict(CheckoutMessages.bookUnavailable(book.title));
    if (book.stockQuantity < line.quantity)
      throw conflict(CheckoutMessages.notEnoughStock(book.title, book.stockQuantity));
  }
  for (const line of wanted)
    await tx
      .update(books)
      .set({ stockQuantity: sql`${books.stockQuantity} - ${line.quantity}`, updatedAt: new Date() })
      .where(eq(books.id, line.bookId));
  await announceCatalogueChange(tx, 'here');
  const keys = await mainImageKeys(tx, locked);
  return locked.map(({ mainImageIndex: _, isActive: __, ...book }) => ({
    ...book,
    discountPercentage: Number(book.discountPercentage),
    discountedPriceFils: book.discountedPriceFils ?? book.priceFils,
    imageKey: keys.get(book.id) ?? null,
  }));
}

/**
 * Locks the books of all these lines in book-id order, for a transaction that releases some
 * copies and then reserves others (a replaced checkout): taken piecemeal, the two sets' locks
 * would not be in one order, and two such transactions could deadlock.
 */
export async function lockStock(tx: Tx, lines: StockLine[]): Promise<void> {
  await lockBooks(
    tx,
    byBook(lines).map((line) => line.bookId),
  );
}

/** Puts reserved copies back (an unpaid order cancelled). Books deleted meanwhile are skipped. */
export async function releaseStock(tx: Tx, lines: StockLine[]): Promise<void> {
  const wanted = byBook(lines);
  await lockBooks(
    tx,
    wanted.map((line) => line.bookId),
  );
  for (const line of wanted)
    await tx
      .update(books)
      .set({ stockQuantity: sql`${books.stockQuantity} + ${line.quantity}`, updatedAt: new Date() })
      .where(eq(books.id, line.bookId));
  await announceCatalogueChange(tx, 'here');
}
