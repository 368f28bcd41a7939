import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RoleName } from '@bookshop/contracts/enums';
import { rows } from '../../platform/db.ts';
import { createCustomer, createStaff, testBook } from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { completePurchase } from '../checkout/testing.ts';
import { lockWaits, untilWaiting } from '../../test/lock-waits.ts';

/**
 * Two staff press Ship for the same copies at the same moment, on two instances. Only the order's
 * row lock keeps them apart: without it both read that nothing has shipped yet, both insert a
 * parcel, and the customer's two copies leave the shop as four.
 *
 * The test holds the shipments table against inserts (reads still pass) while both requests
 * start: with the lock, the first waits at its insert and the second at the order's row; without
 * it, both have read "nothing shipped" and wait at their inserts. Then it lets go. PGlite runs one
 * transaction at a time, so PostgreSQL only. Without the row lock (`lock: true` removed from
 * `lockFulfillable` in fulfilment.ts) this test fails: both answer 201 and two parcels hold the
 * same copy.
 */
describe.skipIf(!process.env.DATABASE_URL)('two staff shipping the same copies at once (PostgreSQL)', () => {
  const { t, second } = useTestApp({ secondInstance: true });

  it('ships them once: the second is told the copies are gone (400) and nothing more is recorded', async () => {
    const bookId = await t.catalogue.createBook(testBook({ title: 'Shipped Once', stockQuantity: 50 }));
    const alice = await createCustomer(t);
    const [ahmed, sara] = [await createStaff(t, RoleName.Supervisor), await createStaff(t, RoleName.Admin)];
    for (let round = 0; round < 3; round++) {
      const orderId = await completePurchase(t, alice, [bookId]);
      const body = { carrier: 'aramex', trackingNumber: `3512345678${round}`, lines: [{ bookId, quantity: 1 }] };
      const before = await lockWaits(t.db);
      let answers!: Promise<{ statusCode: number; body: string }[]>;
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`lock table shipments in exclusive mode`);
        const a = t.app.inject({
          method: 'POST',
          url: `/api/v1/orders/${orderId}/shipments`,
          headers: ahmed.headers,
          payload: body,
        });
        await untilWaiting(t.db, before + 1, 'a lock');
        const b = second.app.inject({
          method: 'POST',
          url: `/api/v1/orders/${orderId}/shipments`,
          headers: sara.headers,
          payload: body,
        });
        await untilWaiting(t.db, before + 2, 'a lock');
        answers = Promise.all([a, b]);
      });
      const statuses = (await answers).map((res) => res.statusCode).sort();
      expect(statuses, (await answers).map((res) => res.body).join('\n')).toEqual([201, 400]);
      const [shipped] = await rows<{ parcels: number; copies: number }>(
        t.db,
        sql`select count(distinct s.id)::int as parcels, coalesce(sum(l.quantity), 0)::int as copies
            from shipments s join shipment_lines l on l.shipment_id = s.id where s.order_id = ${orderId}`,
      );
      expect(shipped).toEqual({ parcels: 1, copies: 1 });
      const [events] = await rows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from order_events where order_id = ${orderId} and event = 'shipped'`,
      );
      expect(events!.n).toBe(1);
    }
  }, 60_000);
});
