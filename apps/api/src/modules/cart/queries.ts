import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../platform/db.ts';

export type CartLineRow = {
  book_id: number;
  quantity: number;
  unit_price_fils_when_added: number;
};

/** Serialises one customer's cart changes until the transaction ends (line limit, merges). */
export async function lockCart(tx: Tx, customerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cart:${customerId}`}, 0))`);
}

/** Lines in the order they were first added. */
export const listLines = (tx: Tx, customerId: number) =>
  rows<CartLineRow>(
    tx,
    sql`select book_id, quantity, unit_price_fils_when_added from cart_items
        where customer_id = ${customerId} order by added_at, book_id`,
  );

export async function findLine(tx: Tx, customerId: number, bookId: number): Promise<CartLineRow | undefined> {
  const [row] = await rows<CartLineRow>(
    tx,
    sql`select book_id, quantity, unit_price_fils_when_added from cart_items
        where customer_id = ${customerId} and book_id = ${bookId}`,
  );
  return row;
}

export async function countLines(tx: Tx, customerId: number): Promise<number> {
  const [row] = await rows<{ count: string | number }>(
    tx,
    sql`select count(*) as count from cart_items where customer_id = ${customerId}`,
  );
  return Number(row?.count ?? 0);
}

/** Creates the line or sets its quantity, recording the price the customer saw. */
export async function saveLine(tx: Tx, customerId: number, bookId: number, quantity: number, unitPriceFils: number) {
  await tx.execute(
    sql`insert into cart_items (customer_id, book_id, quantity, unit_price_fils_when_added)
        values (${customerId}, ${bookId}, ${quantity}, ${unitPriceFils})
        on conflict (customer_id, book_id) do update
          set quantity = excluded.quantity,
              unit_price_fils_when_added = excluded.unit_price_fils_when_added,
              updated_at = now()`,
  );
}

/** True when a line was removed. */
export async function deleteLine(tx: Tx, customerId: number, bookId: number): Promise<boolean> {
  const deleted = await rows<{ book_id: number }>(
    tx,
    sql`delete from cart_items where customer_id = ${customerId} and book_id = ${bookId} returning book_id`,
  );
  return deleted.length > 0;
}

export async function deleteLines(tx: Tx, customerId: number, bookIds: number[]): Promise<void> {
  if (bookIds.length === 0) return;
  await tx.execute(
    sql`delete from cart_items where customer_id = ${customerId}
        and book_id in (${sql.join(
          bookIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
}

export async function deleteAllLines(tx: Tx, customerId: number): Promise<void> {
  await tx.execute(sql`delete from cart_items where customer_id = ${customerId}`);
}
