import { and, desc, eq, notInArray } from 'drizzle-orm';
import { countRows, lockKey, type Tx } from '../../platform/db.ts';
import { wishlistItems } from './schema.ts';

const ofCustomer = (customerId: number) => eq(wishlistItems.customerId, customerId);
const itemOf = (customerId: number, bookId: number) => and(ofCustomer(customerId), eq(wishlistItems.bookId, bookId));
/** Newest first; ties (same transaction) by book id so pages never overlap. */
const newestFirst = [desc(wishlistItems.addedAt), desc(wishlistItems.bookId)];

/** Serialises one customer's wishlist additions, so the size limit holds under concurrency. */
export const lockWishlist = (tx: Tx, customerId: number): Promise<void> => lockKey(tx, `wishlist:${customerId}`);

export const countItems = (tx: Tx, customerId: number): Promise<number> =>
  countRows(tx, wishlistItems, ofCustomer(customerId));

export async function hasItem(tx: Tx, customerId: number, bookId: number): Promise<boolean> {
  const found = await tx.select({ bookId: wishlistItems.bookId }).from(wishlistItems).where(itemOf(customerId, bookId));
  return found.length > 0;
}

export async function insertItem(tx: Tx, customerId: number, bookId: number): Promise<void> {
  await tx.insert(wishlistItems).values({ customerId, bookId }).onConflictDoNothing();
}

export const listBookIds = (tx: Tx, customerId: number) =>
  tx
    .select({ bookId: wishlistItems.bookId })
    .from(wishlistItems)
    .where(ofCustomer(customerId))
    .orderBy(...newestFirst);

export const pageItems = (tx: Tx, customerId: number, limit: number, offset: number) =>
  tx
    .select({ bookId: wishlistItems.bookId, addedAt: wishlistItems.addedAt })
    .from(wishlistItems)
    .where(ofCustomer(customerId))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);

/** True when a book was removed. */
export async function deleteItem(tx: Tx, customerId: number, bookId: number): Promise<boolean> {
  const deleted = await tx
    .delete(wishlistItems)
    .where(itemOf(customerId, bookId))
    .returning({ bookId: wishlistItems.bookId });
  return deleted.length > 0;
}

/** Removes every book not in `keepIds` (all of them when it is empty). */
export async function deleteItemsExcept(tx: Tx, customerId: number, keepIds: number[]): Promise<void> {
  const except = keepIds.length ? notInArray(wishlistItems.bookId, keepIds) : undefined;
  await tx.delete(wishlistItems).where(and(ofCustomer(customerId), except));
}
