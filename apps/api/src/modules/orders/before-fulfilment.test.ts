import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RoleName } from '@bookshop/contracts/enums';
import type { Order, StaffOrder } from '@bookshop/contracts/orders';
import type { Page } from '@bookshop/contracts/pagination';
import { callAs, createCustomer, createStaff, testBook } from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { completePurchase } from '../checkout/testing.ts';

/**
 * Orders paid before fulfilment existed (decision 084): migration 0022 added `fulfilment_status`
 * with the default 'unfulfilled', so each of them is still to ship, counted in 'To ship' and
 * shipped as any other. Nothing guesses they were delivered: staff alone know which left the shop.
 */
describe('orders paid before migration 0022', () => {
  const { t } = useTestApp({ quietJobs: true });

  /** Takes the orders table back to before 0022 and runs 0022's statements on it, as an upgrade did. */
  async function upgradeThrough0022() {
    await t.db.execute(
      sql`alter table orders drop column payment_method, drop column fulfilment_status, drop column delivered_mailed_at`,
    );
    const migration = readFileSync(new URL('../../../migrations/0022_fulfilment.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint'))
      if (/^(ALTER TABLE "orders"|CREATE INDEX "orders_)/m.test(statement)) await t.db.execute(sql.raw(statement));
  }

  it('are to ship: counted, listed under Unfulfilled, and packed, shipped and delivered as usual', async () => {
    const supervisor = await createStaff(t, RoleName.Supervisor);
    const alice = await createCustomer(t);
    const bookId = await t.catalogue.createBook(testBook({ title: 'Older Than Parcels', stockQuantity: 10 }));
    const paid = [await completePurchase(t, alice, [bookId]), await completePurchase(t, alice, [bookId])];
    await upgradeThrough0022();

    const toShip = async () =>
      (await callAs(t, 'GET', '/api/v1/orders/to-ship-count', supervisor)).json<{ toShip: number }>().toShip;
    expect(await toShip()).toBe(2);
    const listed = await callAs(t, 'GET', '/api/v1/orders?fulfilmentStatus=unfulfilled&pageSize=25', supervisor);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      listed
        .json<Page<StaffOrder>>()
        .data.map((order) => order.id)
        .sort(),
    ).toEqual([...paid].sort());
    const seen = (await callAs(t, 'GET', `/api/v1/orders/${paid[0]}`, alice)).json<Order>();
    expect(seen).toMatchObject({ paymentMethod: 'card', fulfilmentStatus: 'unfulfilled', shipments: [] });

    const packed = await callAs(t, 'PATCH', `/api/v1/orders/${paid[0]}/fulfilment`, supervisor, { status: 'packed' });
    expect(packed.json<Order>().fulfilmentStatus, packed.body).toBe('packed');
    const shipped = await callAs(t, 'POST', `/api/v1/orders/${paid[0]}/shipments`, supervisor, {
      carrier: 'aramex',
      trackingNumber: 'ARX-12345',
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    expect(await toShip()).toBe(1);
    const shipmentId = shipped.json<Order>().shipments[0]!.id;
    const delivered = await callAs(t, 'PATCH', `/api/v1/orders/${paid[0]}/shipments/${shipmentId}`, supervisor, {
      status: 'delivered',
    });
    expect(delivered.json<Order>().fulfilmentStatus, delivered.body).toBe('delivered');
    expect(await toShip()).toBe(1);
  });
});
