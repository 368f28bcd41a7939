import { and, asc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import { countRows, lockKey, type Tx } from '../../platform/db.ts';
import { cartItems } from './schema.ts';

const lineColumns = {
  bookId: cartItems.bookId,
  quantity: cartItems.quantity,
  unitPriceFilsWhenAdded: cartItems.unitPriceFilsWhenAdded,
};

type CartLineRow = Pick<typeof cartItems.$inferSelect, keyof typeof lineColumns>;

const ofCustomer = (customerId: number) => eq(cartItems.customerId, customerId);
const lineOf = (customerId: number, bookId: number) => and(ofCustomer(customerId), eq(cartItems.bookId, bookId));

/** Serialises one customer's cart changes until the transaction ends (line limit, merges). */
export const lockCart = (tx: Tx, customerId: number): Promise<void> => lockKey(tx, `cart:${customerId}`);

/** Lines in the order they were first added. */
export const listLines = (tx: Tx, customerId: number): Promise<CartLineRow[]> =>
  tx
    .select(lineColumns)
    .from(cartItems)
    .where(ofCustomer(customerId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.bookId));

/** A customer's lines as book and quantity, in book-id order (the order stock is locked in). */
const lineQuantitiesOf = (tx: Tx, customerId: number | Placeholder) =>
  tx
    .select({ bookId: cartItems.bookId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.customerId, customerId))
    .orderBy(asc(cartItems.bookId));

/** The lines, locked until the caller's transaction ends: checkout places its order from them. */
export const lockLineQuantities = (tx: Tx, customerId: number) => lineQuantitiesOf(tx, customerId).for('update');

/**
 * The lines as last committed, by a statement prepared once for `db`: checkout reads them for
 * every customer of a burst (decision 121). Run it with `{ customerId }`.
 */
export const prepareLineQuantities = (db: Tx) =>
  lineQuantitiesOf(db, sql.placeholder('customerId')).prepare('cart_line_quantities');

export async function findLine(tx: Tx, customerId: number, bookId: number): Promise<CartLineRow | undefined> {
  const [row] = await tx.select(lineColumns).from(cartItems).where(lineOf(customerId, bookId));
  return row;
}

export const countLines = (tx: Tx, customerId: number): Promise<number> =>
  countRows(tx, cartItems, ofCustomer(customerId));

/** Creates the line or sets its quantity, recording the price the customer saw. */
export async function saveLine(tx: Tx, customerId: number, bookId: number, quantity: number, unitPriceFils: number) {
  await tx
    .insert(cartItems)
    .values({ customerId, bookId, quantity, unitPriceFilsWhenAdded: unitPriceFils })
    .onConflictDoUpdate({
      target: [cartItems.customerId, cartItems.bookId],
      set: { quantity, unitPriceFilsWhenAdded: unitPriceFils, updatedAt: sql`now()` },
    });
}

/** True when a line was removed. */
export async function deleteLine(tx: Tx, customerId: number, bookId: number): Promise<boolean> {
  const deleted = await tx.delete(cartItems).where(lineOf(customerId, bookId)).returning({ bookId: cartItems.bookId });
  return deleted.length > 0;
}

export async function deleteLines(tx: Tx, customerId: number, bookIds: number[]): Promise<void> {
  if (bookIds.length === 0) return;
  await tx.delete(cartItems).where(and(ofCustomer(customerId), inArray(cartItems.bookId, bookIds)));
}

export async function deleteAllLines(tx: Tx, customerId: number): Promise<void> {
  await tx.delete(cartItems).where(ofCustomer(customerId));
}
