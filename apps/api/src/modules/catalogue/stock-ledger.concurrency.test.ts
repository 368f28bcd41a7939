import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StaffBook } from '@bookshop/contracts/book-admin';
import { OrderStatus, RoleName } from '@bookshop/contracts/enums';
import type { Order } from '@bookshop/contracts/orders';
import { rows } from '../../platform/db.ts';
import { callAs, createCustomer, createStaff, testBook, type TestAccount } from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { isbn13CheckDigit } from '../../seed/isbn.ts';
import { addAddress, completePurchase, expireNow, fillCart, stockOf } from '../checkout/testing.ts';
import { lockWaits, untilWaiting } from '../../test/lock-waits.ts';

/**
 * The stock ledger on PostgreSQL, where transactions really overlap (decision 077). PGlite runs
 * one transaction at a time, so neither test means anything there.
 *
 * 1. The lost update: staff open a book's form at 20, a customer buys a copy, staff save a
 *    discount. The test holds the book's row, queues the purchase and then the save behind it
 *    (watching PostgreSQL's lock waits) and lets go, so the sale always commits first: a save
 *    that wrote the form's figure would put the stock back to 20.
 * 2. The invariant: checkouts, expiries, customers' and staff's cancels, copies received and
 *    returns (customers asking to return delivered copies, staff approving and receiving them
 *    back into stock), all at once on two instances; afterwards every book's movements add up to
 *    its stock, each movement's stock_after is the running sum of the movements before it, and
 *    the stock is what the shop had less the copies still reserved or sold, plus the copies
 *    returned to stock. Only moveStock's row locks keep the running sums right: without them two
 *    sales read the same stock and write the same stock_after. A restock that put copies back
 *    without writing its movement would leave those books' sums short of their stock.
 */

let isbnSeq = 300_000_000;
const validIsbn = () => {
  const body = `978${isbnSeq++}`;
  return `${body}${isbn13CheckDigit(body)}`;
};

describe.skipIf(!process.env.DATABASE_URL)('the stock ledger under concurrency (PostgreSQL)', () => {
  const { t, second } = useTestApp({ secondInstance: true });

  /** Holds the book's row while `first` then `then` queue behind it; answers both once it lets go. */
  async function queued<A, B>(bookId: number, first: () => Promise<A>, then: () => Promise<B>) {
    const before = await lockWaits(t.db);
    let answers!: Promise<[A, B]>;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from books where id = ${bookId} for update`);
      const a = first();
      await untilWaiting(t.db, before + 1, "the book's row");
      const b = then();
      await untilWaiting(t.db, before + 2, "the book's row");
      answers = Promise.all([a, b]);
    });
    return answers;
  }

  async function openForm(who: TestAccount, bookId: number) {
    const book = (await callAs(t, 'GET', `/api/v1/books/book-for-update/${bookId}`, who)).json<StaffBook>();
    return {
      id: book.id,
      title: book.title,
      description: book.description,
      isbn: book.isbn,
      price: String(book.price),
      discountPercentage: String(book.discountPercentage),
      stockQuantity: String(book.stockQuantity),
      originalStockQuantity: String(book.stockQuantity),
      isNextDayDeliveryEligible: book.isNextDayDeliveryEligible,
      authors: book.authors.map((a) => a.id),
      genres: book.genres.map((g) => g.id),
    };
  }

  /** Every book whose movements do not add up, or whose stock_after is not the running sum. */
  async function ledgerFaults() {
    return rows<{ book_id: number; id: number; stock_after: number; running: number; stock: number }>(
      t.db,
      sql`select m.book_id, m.id, m.stock_after, m.running::int, b.stock_quantity as stock
          from (select book_id, id, stock_after,
                       sum(delta) over (partition by book_id order by id) as running,
                       row_number() over (partition by book_id order by id desc) as from_end
                from stock_movements) m
          join books b on b.id = m.book_id
          where m.stock_after <> m.running or (m.from_end = 1 and m.running <> b.stock_quantity)
          order by m.book_id, m.id`,
    );
  }

  it('a purchase that commits while staff save a discount keeps its sale: 20, one sold, saved, 19', async () => {
    const supervisor = await createStaff(t, RoleName.Supervisor);
    const title = 'Raced Discount';
    const bookId = await t.catalogue.createBook(testBook({ title, stockQuantity: 20, isbn: validIsbn() }));
    for (let round = 0; round < 4; round++) {
      const buyer = await createCustomer(t);
      const addressId = await addAddress(t, buyer);
      await fillCart(t, buyer, { [bookId]: 1 });
      const before = await stockOf(t, title);
      const form = await openForm(supervisor, bookId);
      const purchase = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/checkout/create-session',
          headers: buyer.headers,
          payload: { addressId, deliveryMethod: 'standard' },
        });
      const saveDiscount = () =>
        second.app.inject({
          method: 'PUT',
          url: '/api/v1/books',
          headers: supervisor.headers,
          payload: { ...form, discountPercentage: String(5 + round) },
        });
      // Even rounds: the sale commits first, then the save from the form opened before it.
      let bought, saved;
      if (round % 2 === 0) [bought, saved] = await queued(bookId, purchase, saveDiscount);
      else [saved, bought] = await queued(bookId, saveDiscount, purchase);
      expect(bought.statusCode, bought.body).toBe(201);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await stockOf(t, title), `round ${round}`).toBe(before - 1);
    }
    expect(await ledgerFaults()).toEqual([]);
  }, 120_000);

  it('after checkouts, expiries, cancels, returns and copies received at once, every book’s movements add up to its stock', async () => {
    const supervisor = await createStaff(t, RoleName.Supervisor);
    const START = 16;
    const bookIds: number[] = [];
    for (const title of ['Ledger One', 'Ledger Two', 'Ledger Three'])
      bookIds.push(await t.catalogue.createBook(testBook({ title, stockQuantity: START, isbn: validIsbn() })));
    const apps = [t.app, second.app];
    const BUYERS = 16;
    const buyers: { who: TestAccount; addressId: number }[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const who = await createCustomer(t);
      buyers.push({ who, addressId: await addAddress(t, who) });
    }
    // Delivered orders whose customers will return copies while everything else happens: each
    // buys one copy of every book, staff ship and deliver it.
    const RETURNERS = 4;
    const delivered: { who: TestAccount; orderId: number }[] = [];
    for (let i = 0; i < RETURNERS; i++) {
      const who = await createCustomer(t);
      const orderId = await completePurchase(t, who, bookIds);
      const shipped = await callAs(t, 'POST', `/api/v1/orders/${orderId}/shipments`, supervisor, {
        carrier: 'shop-courier',
      });
      expect(shipped.statusCode, shipped.body).toBe(201);
      const shipmentId = shipped.json<Order>().shipments[0]!.id;
      const done = await callAs(t, 'PATCH', `/api/v1/orders/${orderId}/shipments/${shipmentId}`, supervisor, {
        status: 'delivered',
      });
      expect(done.json<Order>().fulfilmentStatus, done.body).toBe('delivered');
      delivered.push({ who, orderId });
    }
    /** The customer asks to return one or two books, staff approve and receive them into stock. */
    const returnAndRestock = async ({ who, orderId }: (typeof delivered)[number], i: number) => {
      const app = apps[i % 2]!;
      const lines = bookIds.slice(0, 1 + (i % 2)).map((bookId) => ({ bookId, quantity: 1 }));
      const asked = await app.inject({
        method: 'POST',
        url: `/api/v1/orders/${orderId}/returns`,
        headers: who.headers,
        payload: { lines, reason: 'The binding came apart on arrival.' },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const id = asked.json<Order>().returns[0]!.id;
      for (const payload of [{ status: 'approved' }, { status: 'received', restock: true }]) {
        const res = await apps[(i + 1) % 2]!.inject({
          method: 'PATCH',
          url: `/api/v1/returns/${id}`,
          headers: supervisor.headers,
          payload,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    };
    const cartOf = (i: number) => ({ [bookIds[i % 3]!]: 1 + (i % 2), [bookIds[(i + 1) % 3]!]: 1 });
    const checkoutAll = (list: typeof buyers, offset: number) =>
      Promise.all(
        list.map(async ({ who, addressId }, i) => {
          await fillCart(t, who, cartOf(i + offset));
          return apps[i % 2]!.inject({
            method: 'POST',
            url: '/api/v1/checkout/create-session',
            headers: who.headers,
            payload: { addressId, deliveryMethod: 'standard' },
          });
        }),
      );
    const orderIdOf = (res: { statusCode: number; json<T>(): T }) =>
      res.statusCode === 201 ? res.json<{ orderId: number }>().orderId : null;

    const firstWave = await checkoutAll(buyers, 0);
    for (const res of firstWave) expect([201, 409], res.body).toContain(res.statusCode);
    const placed = firstWave.map(orderIdOf);

    // At once: a second wave of checkouts (replacing some customers' orders), the expiry of a
    // third of the first wave, customers and staff cancelling others, and copies received.
    const expiring = placed.filter((id, i): id is number => id !== null && i % 3 === 0);
    for (const id of expiring) await expireNow(t, id);
    const received = await Promise.all([
      checkoutAll(buyers.slice(8), 3),
      ...delivered.map(returnAndRestock),
      t.app.jobs.runDue(),
      second.app.jobs.runDue(),
      ...placed.map((id, i) => {
        if (id === null || i % 3 === 0) return Promise.resolve(null);
        return i % 3 === 1
          ? apps[i % 2]!.inject({ method: 'POST', url: `/api/v1/orders/${id}/cancel`, headers: buyers[i]!.who.headers })
          : apps[i % 2]!.inject({
              method: 'PATCH',
              url: `/api/v1/orders/${id}/status`,
              headers: supervisor.headers,
              payload: { status: OrderStatus.Cancelled, reason: 'Customer asked by phone' },
            });
      }),
      ...bookIds.map((bookId, i) =>
        apps[i % 2]!.inject({
          method: 'POST',
          url: `/api/v1/books/${bookId}/stock-movements`,
          headers: supervisor.headers,
          payload: { delta: 4, reason: 'received' },
        }),
      ),
    ]);
    for (const res of received.slice(-3)) expect((res as { statusCode: number }).statusCode).toBe(201);
    await t.app.jobs.runDue();

    expect(await ledgerFaults()).toEqual([]);
    // What the shop had and received, less the copies Pending orders still hold and Completed
    // ones sold, plus the copies returned to stock.
    const held = await rows<{ book_id: number; n: number }>(
      t.db,
      sql`select i.book_id, coalesce(sum(i.quantity), 0)::int as n from order_items i
          join orders o on o.id = i.order_id
          where o.status in (${OrderStatus.Pending}, ${OrderStatus.Completed}) group by i.book_id`,
    );
    const restocked = await rows<{ book_id: number; n: number }>(
      t.db,
      sql`select l.book_id, sum(l.quantity)::int as n from return_lines l
          join order_returns r on r.id = l.return_id
          where r.restocked_at is not null and l.book_id in ${bookIds} group by l.book_id`,
    );
    expect(restocked.reduce((sum, r) => sum + r.n, 0)).toBe(RETURNERS + RETURNERS / 2);
    const stock = await rows<{ id: number; stock_quantity: number }>(
      t.db,
      sql`select id, stock_quantity from books where id in ${bookIds} order by id`,
    );
    for (const { id, stock_quantity } of stock)
      expect(stock_quantity, `book ${id}`).toBe(
        START + 4 - (held.find((h) => h.book_id === id)?.n ?? 0) + (restocked.find((r) => r.book_id === id)?.n ?? 0),
      );
    const reasons = await rows<{ reason: string }>(
      t.db,
      sql`select distinct reason from stock_movements where book_id in ${bookIds} order by reason`,
    );
    expect(reasons.map((r) => r.reason)).toEqual(['initial', 'received', 'released', 'returned', 'sale']);
  }, 180_000);
});
