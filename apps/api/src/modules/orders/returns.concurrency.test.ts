import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RoleName } from '@bookshop/contracts/enums';
import type { Order } from '@bookshop/contracts/orders';
import { rows } from '../../platform/db.ts';
import { callAs, createCustomer, createStaff, testBook } from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { completePurchase } from '../checkout/testing.ts';
import { lockWaits, untilWaiting } from '../../test/lock-waits.ts';

/**
 * Two staff press Receive for the same return at the same moment, on two instances. Only the
 * return's row lock keeps them apart: without it both read 'approved', both put the copies back
 * and both record the step, so one returned copy becomes two in stock.
 *
 * The test holds return_events against inserts while both requests start: with the lock, the
 * first waits at its insert and the second at the return's row; without it, the first waits at
 * its insert and the second at the book's row (after reading 'approved'). Then it lets go.
 * PGlite runs one transaction at a time, so PostgreSQL only. Without the row lock (`lock: true`
 * removed from `findReturn` in returns.ts' updateReturn) this test fails: the copy is restocked
 * twice and 'received' is recorded twice.
 */
describe.skipIf(!process.env.DATABASE_URL)('two staff receiving the same return at once (PostgreSQL)', () => {
  const { t, second } = useTestApp({ secondInstance: true });

  it('receives it once: one refund, one restock, one step', async () => {
    const bookId = await t.catalogue.createBook(testBook({ title: 'Returned Once', stockQuantity: 50 }));
    const alice = await createCustomer(t);
    const [ahmed, sara] = [await createStaff(t, RoleName.Admin), await createStaff(t, RoleName.Admin)];
    for (let round = 0; round < 3; round++) {
      const orderId = await completePurchase(t, alice, [bookId]);
      const shipped = await callAs(t, 'POST', `/api/v1/orders/${orderId}/shipments`, ahmed, {
        carrier: 'shop-courier',
      });
      const shipmentId = shipped.json<Order>().shipments[0]!.id;
      await callAs(t, 'PATCH', `/api/v1/orders/${orderId}/shipments/${shipmentId}`, ahmed, { status: 'delivered' });
      const asked = await callAs(t, 'POST', `/api/v1/orders/${orderId}/returns`, alice, {
        lines: [{ bookId, quantity: 1 }],
        reason: 'Not the edition I wanted.',
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const id = asked.json<Order>().returns[0]!.id;
      expect((await callAs(t, 'PATCH', `/api/v1/returns/${id}`, ahmed, { status: 'approved' })).statusCode).toBe(200);
      const [{ n: stockBefore }] = (await rows<{ n: number }>(
        t.db,
        sql`select stock_quantity as n from books where id = ${bookId}`,
      )) as [{ n: number }];

      const body = { status: 'received', restock: true };
      const before = await lockWaits(t.db);
      let answers!: Promise<{ statusCode: number; body: string }[]>;
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`lock table return_events in exclusive mode`);
        const a = t.app.inject({
          method: 'PATCH',
          url: `/api/v1/returns/${id}`,
          headers: ahmed.headers,
          payload: body,
        });
        await untilWaiting(t.db, before + 1, 'a lock');
        const b = second.app.inject({
          method: 'PATCH',
          url: `/api/v1/returns/${id}`,
          headers: sara.headers,
          payload: body,
        });
        await untilWaiting(t.db, before + 2, 'a lock');
        answers = Promise.all([a, b]);
      });
      const done = await answers;
      expect(
        done.map((res) => res.statusCode),
        done.map((res) => res.body).join('\n'),
      ).toEqual([200, 200]);
      const [after] = await rows<{ stock: number; movements: number; steps: number; jobs: number }>(
        t.db,
        sql`select (select stock_quantity from books where id = ${bookId}) as stock,
                   (select count(*)::int from stock_movements where return_id = ${id}) as movements,
                   (select count(*)::int from return_events where return_id = ${id} and status = 'received') as steps,
                   (select count(*)::int from jobs where key = ${`return-refund:${id}`}) as jobs`,
      );
      expect(after).toEqual({ stock: stockBefore + 1, movements: 1, steps: 1, jobs: 1 });
      await t.app.jobs.runDue();
      const [refund] = await rows<{ refund_status: string }>(
        t.db,
        sql`select refund_status from order_returns where id = ${id}`,
      );
      expect(refund!.refund_status).toBe('refunded');
    }
  }, 60_000);
});
