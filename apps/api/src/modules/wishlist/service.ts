import { toPage, type PageQuery } from '@bookshop/contracts/pagination';
import {
  WISHLIST_MAX_BOOKS,
  WishlistMessages,
  type WishlistBookIds,
  type WishlistPage,
} from '@bookshop/contracts/wishlist';
import type { Tx } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import * as queries from './queries.ts';

export type WishlistDeps = { db: Tx; catalogue: Pick<CatalogueService, 'getBooksByIds'> };

export function createWishlistService({ db, catalogue }: WishlistDeps) {
  const bookIds = async (customerId: number): Promise<WishlistBookIds> => ({
    booksIds: (await queries.listBookIds(db, customerId)).map((row) => row.book_id),
  });

  return {
    bookIds,

    async list(customerId: number, { pageNo, pageSize }: PageQuery): Promise<WishlistPage> {
      const [noOfRecords, items] = await Promise.all([
        queries.countItems(db, customerId),
        queries.pageItems(db, customerId, pageSize, (pageNo - 1) * pageSize),
      ]);
      // Entries made before staff hid a book stay listed (the count includes them).
      const ids = items.map((item) => item.book_id);
      const books = new Map((await catalogue.getBooksByIds(ids, { includeHidden: true })).map((b) => [b.id, b]));
      const data = items.flatMap((item) => {
        const book = books.get(item.book_id);
        return book ? [{ ...book, addedAt: new Date(item.added_at).toISOString() }] : [];
      });
      return toPage(data, noOfRecords, { pageNo, pageSize });
    },

    /** Adds a book; one already there is left as it is (spec: duplicates ignored). */
    async add(customerId: number, bookId: number): Promise<WishlistBookIds> {
      const [book] = await catalogue.getBooksByIds([bookId]);
      if (!book) throw notFound(WishlistMessages.bookNotFound);
      await db.transaction(async (tx) => {
        await queries.lockWishlist(tx, customerId);
        if (await queries.hasItem(tx, customerId, bookId)) return;
        if ((await queries.countItems(tx, customerId)) >= WISHLIST_MAX_BOOKS)
          throw conflict(WishlistMessages.wishlistFull);
        await queries.insertItem(tx, customerId, bookId);
      });
      return bookIds(customerId);
    },

    /** Keeps only the listed books; ids not in the wishlist are ignored, nothing is added. */
    async keepOnly(customerId: number, keepIds: number[]): Promise<WishlistBookIds> {
      await queries.deleteItemsExcept(db, customerId, keepIds);
      return bookIds(customerId);
    },

    async remove(customerId: number, bookId: number): Promise<WishlistBookIds> {
      if (!(await queries.deleteItem(db, customerId, bookId))) throw notFound(WishlistMessages.notInWishlist);
      return bookIds(customerId);
    },

    async clear(customerId: number, options: { tx?: Tx } = {}): Promise<WishlistBookIds> {
      await queries.deleteItemsExcept(options.tx ?? db, customerId, []);
      return { booksIds: [] };
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
