import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createCustomer, createTestApp, testBook, type TestAccount, type TestApp } from '../../test/app.ts';
import { createCartService } from './service.ts';

/**
 * The primitives checkout composes into one transaction: each must read and write in the
 * caller's `tx` (on PGlite a second, top-level query would wait for that transaction forever).
 */
let t: TestApp;
let cart: ReturnType<typeof createCartService>;
let emma: number;
let persuasion: number;

beforeAll(async () => {
  t = await createTestApp();
  cart = createCartService({ db: t.db, catalogue: t.catalogue });
  emma = await t.catalogue.createBook(testBook({ title: 'Emma (tx)' }));
  persuasion = await t.catalogue.createBook(testBook({ title: 'Persuasion (tx)' }));
});
afterAll(() => t.close());

const rollback = new Error('rolled back on purpose');
/** Runs `work` in a transaction that is then rolled back. */
const inRolledBackTx = (work: Parameters<TestApp['db']['transaction']>[0]) =>
  t.db
    .transaction(async (tx) => {
      await work(tx);
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });

async function customerWithCart(): Promise<TestAccount> {
  const who = await createCustomer(t);
  for (const bookId of [emma, persuasion])
    expect((await callAs(t, 'POST', '/api/v1/cart', who, { bookId, quantity: 2 })).statusCode).toBe(200);
  return who;
}
const cartTitles = async (who: TestAccount) =>
  (await callAs(t, 'GET', '/api/v1/cart', who)).json<{ items: { title: string }[] }>().items.map((i) => i.title);

describe('cart.removeBooks', () => {
  it('removes the named books and keeps the other lines', async () => {
    const who = await customerWithCart();
    await cart.removeBooks(who.id, [emma]);
    expect(await cartTitles(who)).toEqual(['Persuasion (tx)']);
    await cart.removeBooks(who.id, []);
    expect(await cartTitles(who)).toEqual(['Persuasion (tx)']);
  });

  it("works in the caller's transaction, and a rollback keeps the cart as it was", async () => {
    const who = await customerWithCart();
    await inRolledBackTx(async (tx) => {
      await cart.removeBooks(who.id, [emma], { tx });
      // The transaction's own view: the price and stock it changed, the line it removed.
      await tx.execute(sql`update books set stock_quantity = 1 where id = ${persuasion}`);
      const seen = await cart.getCart(who.id, { tx });
      expect(seen.items).toMatchObject([{ title: 'Persuasion (tx)', stockQuantity: 1, isQuantityAvailable: false }]);
      expect((await t.catalogue.getBooksByIds([persuasion], { tx }))[0]?.stockQuantity).toBe(1);
    });
    expect(await cartTitles(who)).toEqual(['Emma (tx)', 'Persuasion (tx)']);
    expect((await t.catalogue.getBooksByIds([persuasion]))[0]?.stockQuantity).toBe(5);
  });
});
