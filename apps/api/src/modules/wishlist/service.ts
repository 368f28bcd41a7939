import { toPage, type PageQuery } from '@bookshop/contracts/pagination';
import {
  WISHLIST_MAX_BOOKS,
  WishlistMessages,
  type WishlistBookIds,
  type WishlistPage,
} from '@bookshop/contracts/wishlist';
import { readTogether, type Tx } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import * as queries from './queries.ts';

export type WishlistDeps = { db: Tx; catalogue: Pick<CatalogueService, 'getBooksByIds'> };

/** What every use case below is given: the database or the caller's transaction, and the catalogue. */
type WishlistContext = { tx: Tx; catalogue: WishlistDeps['catalogue'] };

const bookIds = async (tx: Tx, customerId: number): Promise<WishlistBookIds> => ({
  booksIds: (await queries.listBookIds(tx, customerId)).map((row) => row.bookId),
});

async function list(
  { tx, catalogue }: WishlistContext,
  customerId: number,
  { pageNo, pageSize }: PageQuery,
): Promise<WishlistPage> {
  const [noOfRecords, items] = await readTogether(
    tx,
    () => queries.countItems(tx, customerId),
    () => queries.pageItems(tx, customerId, pageSize, (pageNo - 1) * pageSize),
  );
  // Entries made before staff hid a book stay listed (the count includes them).
  const ids = items.map((item) => item.bookId);
  const books = new Map((await catalogue.getBooksByIds(ids, { includeHidden: true })).map((b) => [b.id, b]));
  const data = items.flatMap((item) => {
    const book = books.get(item.bookId);
    return book ? [{ ...book, addedAt: item.addedAt.toISOString() }] : [];
  });
  return toPage(data, noOfRecords, { pageNo, pageSize });
}

/** Adds a book; one already there is left as it is (spec: duplicates ignored). */
async function add({ tx, catalogue }: WishlistContext, customerId: number, bookId: number): Promise<WishlistBookIds> {
  const [book] = await catalogue.getBooksByIds([bookId]);
  if (!book) throw notFound(WishlistMessages.bookNotFound);
  await tx.transaction(async (inner) => {
    await queries.lockWishlist(inner, customerId);
    if (await queries.hasItem(inner, customerId, bookId)) return;
    if ((await queries.countItems(inner, customerId)) >= WISHLIST_MAX_BOOKS)
      throw conflict(WishlistMessages.wishlistFull);
    await queries.insertItem(inner, customerId, bookId);
  });
  return bookIds(tx, customerId);
}

/** Keeps only the listed books; ids not in the wishlist are ignored, nothing is added. */
async function keepOnly(tx: Tx, customerId: number, keepIds: number[]): Promise<WishlistBookIds> {
  await queries.deleteItemsExcept(tx, customerId, keepIds);
  return bookIds(tx, customerId);
}

async function remove(tx: Tx, customerId: number, bookId: number): Promise<WishlistBookIds> {
  if (!(await queries.deleteItem(tx, customerId, bookId))) throw notFound(WishlistMessages.notInWishlist);
  return bookIds(tx, customerId);
}

async function clear(tx: Tx, customerId: number): Promise<WishlistBookIds> {
  await queries.deleteItemsExcept(tx, customerId, []);
  return { booksIds: [] };
}

/** The wishlist's use cases bound to the app's database; `clear` also runs in a caller's `{ tx }`. */
export function createWishlistService({ db, catalogue }: WishlistDeps) {
  const ctx: WishlistContext = { tx: db, catalogue };
  return {
    bookIds: (customerId: number) => bookIds(db, customerId),
    list: (customerId: number, page: PageQuery) => list(ctx, customerId, page),
    add: (customerId: number, bookId: number) => add(ctx, customerId, bookId),
    keepOnly: (customerId: number, keepIds: number[]) => keepOnly(db, customerId, keepIds),
    remove: (customerId: number, bookId: number) => remove(db, customerId, bookId),
    clear: (customerId: number, options: { tx?: Tx } = {}) => clear(options.tx ?? db, customerId),
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
