import { sql } from 'drizzle-orm';
import { idList, rows, type Tx } from '../../platform/db.ts';

/** Serialises one customer's wishlist additions, so the size limit holds under concurrency. */
export async function lockWishlist(tx: Tx, customerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`wishlist:${customerId}`}, 0))`);
}

export async function countItems(tx: Tx, customerId: number): Promise<number> {
  const [row] = await rows<{ count: string | number }>(
    tx,
    sql`select count(*) as count from wishlist_items where customer_id = ${customerId}`,
  );
  return Number(row?.count ?? 0);
}

export async function hasItem(tx: Tx, customerId: number, bookId: number): Promise<boolean> {
  const found = await rows<{ one: number }>(
    tx,
    sql`select 1 as one from wishlist_items where customer_id = ${customerId} and book_id = ${bookId}`,
  );
  return found.length > 0;
}

export async function insertItem(tx: Tx, customerId: number, bookId: number): Promise<void> {
  await tx.execute(
    sql`insert into wishlist_items (customer_id, book_id) values (${customerId}, ${bookId}) on conflict do nothing`,
  );
}

/** Newest first; ties (same transaction) by book id so pages never overlap. */
export const listBookIds = (tx: Tx, customerId: number) =>
  rows<{ book_id: number }>(
    tx,
    sql`select book_id from wishlist_items where customer_id = ${customerId} order by added_at desc, book_id desc`,
  );

export const pageItems = (tx: Tx, customerId: number, limit: number, offset: number) =>
  rows<{ book_id: number; added_at: Date | string }>(
    tx,
    sql`select book_id, added_at from wishlist_items where customer_id = ${customerId}
        order by added_at desc, book_id desc limit ${limit} offset ${offset}`,
  );

/** True when a book was removed. */
export async function deleteItem(tx: Tx, customerId: number, bookId: number): Promise<boolean> {
  const deleted = await rows<{ book_id: number }>(
    tx,
    sql`delete from wishlist_items where customer_id = ${customerId} and book_id = ${bookId} returning book_id`,
  );
  return deleted.length > 0;
}

/** Removes every book not in `keepIds` (all of them when it is empty). */
export async function deleteItemsExcept(tx: Tx, customerId: number, keepIds: number[]): Promise<void> {
  const except = keepIds.length ? sql`and book_id not in (${idList(keepIds)})` : sql``;
  await tx.execute(sql`delete from wishlist_items where customer_id = ${customerId} ${except}`);
}
