import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@bookshop/contracts/dashboard';
import { RoleName } from '@bookshop/contracts/enums';
import {
  callAs,
  createCustomer,
  createStaff,
  createTestApp,
  testBook,
  type TestAccount,
  type TestApp,
} from '../../test/app.ts';
import { rows } from '../../platform/db.ts';
import { addAddress, checkout, fillCart, payOnSandboxPage } from '../checkout/testing.ts';

/**
 * The best sellers come from book_sales_by_day, which triggers keep equal to the lines of the
 * Completed orders (decision 038). Checked through the product (pay, refund) and, on PostgreSQL,
 * under concurrent payments and refunds that share books.
 */

/** Rows where the per-day table and the order lines it summarises disagree; [] when in step. */
const drift = (t: TestApp) =>
  rows<{ day: string; book_id: number }>(
    t.db,
    sql`with lines as (
          select (o.paid_at at time zone 'Asia/Dubai')::date as day, i.book_id,
                 sum(i.quantity)::int as copies, sum(i.quantity::bigint * i.discounted_price_fils)::bigint as revenue_fils
          from orders o join order_items i on i.order_id = o.id
          where o.status = 2
          group by 1, 2
        ), kept as (
          select day, book_id, copies, revenue_fils from book_sales_by_day where copies <> 0 or revenue_fils <> 0
        )
        (select * from lines except select * from kept) union all (select * from kept except select * from lines)`,
  );

const bestSellers = async (t: TestApp, who: TestAccount) => {
  const res = await callAs(t, 'GET', '/api/v1/dashboard?range=today', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Dashboard>().bestSellers.map((b) => [b.title, b.copies]);
};

describe('best sellers through checkout and cancellation', () => {
  let t: TestApp;
  let alice: TestAccount;
  let supervisor: TestAccount;
  let addressId: number;
  let bookId: number;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://shop.test' });
    await t.app.ready();
    await t.app.jobs.stop();
    bookId = await t.catalogue.createBook(testBook({ title: 'Persuasion', priceFils: 5000, stockQuantity: 20 }));
    alice = await createCustomer(t);
    supervisor = await createStaff(t, RoleName.Supervisor);
    addressId = await addAddress(t, alice);
  });
  afterAll(() => t.close());

  async function paidOrder(copies: number) {
    await fillCart(t, alice, { [bookId]: copies });
    const session = await checkout(t, alice, addressId);
    expect((await payOnSandboxPage(t, session.url)).statusCode).toBeLessThan(400);
    await t.app.jobs.runDue();
    return session.orderId;
  }

  it('a pending order is not a sale; paying counts its copies; a refund takes them out again', async () => {
    await fillCart(t, alice, { [bookId]: 4 });
    await checkout(t, alice, addressId);
    expect(await bestSellers(t, supervisor)).toEqual([]);

    const first = await paidOrder(2);
    await paidOrder(1);
    expect(await bestSellers(t, supervisor)).toEqual([['Persuasion', 3]]);

    const cancelled = await callAs(t, 'PATCH', `/api/v1/orders/${first}/status`, supervisor, {
      status: 3,
      reason: 'Damaged in the warehouse',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await bestSellers(t, supervisor)).toEqual([['Persuasion', 1]]);
    expect(await drift(t)).toEqual([]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('concurrent payments and refunds sharing books (PostgreSQL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('never deadlocks and leaves the per-day figures equal to the order lines', async () => {
    const customer = await createCustomer(t);
    const books = await Promise.all(
      ['Shared A', 'Shared B', 'Shared C'].map((title) => t.catalogue.createBook(testBook({ title }))),
    );
    // Every order holds the same three books, written in a different order each time: a trigger
    // that upserted the shared rows in any order but the books' would deadlock against its neighbours.
    const ORDERS = 40;
    const orderIds: number[] = [];
    for (let n = 0; n < ORDERS; n++) {
      const [order] = await rows<{ id: number }>(
        t.db,
        sql`insert into orders (customer_id, status, expires_at, delivery_method_code, delivery_method_name,
                                delivery_fee_fils, items_total_fils, discount_total_fils, total_fils, address, country,
                                city, phone_no, provider)
            values (${customer.id}, 1, now() + interval '1 hour', 'standard', 'Standard Delivery', 0, 3000, 0, 3000,
                    'x', 'AE', 'Dubai', '050', 'sandbox')
            returning id`,
      );
      const rotated = [...books.slice(n % 3), ...books.slice(0, n % 3)];
      for (const book of rotated)
        await t.db.execute(sql`
          insert into order_items (order_id, book_id, title, price_fils, discount_percentage, discounted_price_fils, quantity)
          values (${order!.id}, ${book}, 'shared', 1000, 0, 1000, ${1 + (n % 2)})`);
      orderIds.push(order!.id);
    }

    const pay = (id: number) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`update orders set status = 2, paid_at = now() where id = ${id}`);
        // Hold the locks a moment, as a fulfilment that also writes mail and history does.
        await tx.execute(sql`select pg_sleep(0.01)`);
      });
    await Promise.all(orderIds.map(pay));
    const refund = (id: number) =>
      t.db.transaction((tx) => tx.execute(sql`update orders set status = 3, cancelled_at = now() where id = ${id}`));
    await Promise.all(orderIds.filter((_, n) => n % 4 === 0).map(refund));

    expect(await drift(t)).toEqual([]);
    const [kept] = await rows<{ copies: number }>(
      t.db,
      sql`select sum(copies)::int as copies from book_sales_by_day where book_id = ${books[0]!}`,
    );
    // 30 orders are still Completed; the odd ones hold two copies of each book.
    const copies = orderIds.reduce((sum, _, n) => (n % 4 === 0 ? sum : sum + 1 + (n % 2)), 0);
    expect(kept!.copies).toBe(copies);
  });
});
