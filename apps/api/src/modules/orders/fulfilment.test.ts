import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RoleName } from '@bookshop/contracts/enums';
import { FulfilmentMessages, type Carrier } from '@bookshop/contracts/fulfilment';
import { type Order, type StaffOrder } from '@bookshop/contracts/orders';
import { rows } from '../../platform/db.ts';
import {
  callAs,
  createCustomer,
  createStaff,
  expectProblem,
  expectValidationError,
  testBook,
  type TestAccount,
} from '../../test/app.ts';
import type { MailCatcher } from '../../test/mail-catcher.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { addAddress, checkout, fillCart, getOrder, payOnSandboxPage } from '../checkout/testing.ts';
import { FULFILMENT_MAIL_JOB } from './fulfilment.ts';

/** Packing, shipping with tracking and delivery (issue 22, decision 078). */

const number = (id: number) => `BK-${String(id).padStart(6, '0')}`;
const mailsAbout = (smtp: MailCatcher, to: string, id: number, subject: string) =>
  smtp.mails.filter((m) => m.to.includes(to.toLowerCase()) && m.subject === `Your order ${number(id)} ${subject}`);

describe('fulfilment', () => {
  const { t, smtp } = useTestApp({ mail: true, env: { PUBLIC_URL: 'http://shop.test' }, quietJobs: true });
  let alice: TestAccount;
  let bob: TestAccount;
  let addressId: number;
  let emma: number;
  let persuasion: number;
  const staff = {} as Record<'newUser' | 'user' | 'supervisor' | 'admin', TestAccount>;

  beforeAll(async () => {
    emma = await t.catalogue.createBook(testBook({ title: 'Emma', priceFils: 4000, stockQuantity: 100 }));
    persuasion = await t.catalogue.createBook(testBook({ title: 'Persuasion', priceFils: 5000, stockQuantity: 100 }));
    alice = await createCustomer(t, { firstName: 'Alice' });
    bob = await createCustomer(t);
    addressId = await addAddress(t, alice);
    staff.newUser = await createStaff(t, RoleName.NewUser);
    staff.user = await createStaff(t, RoleName.User, { userName: 'reader' });
    staff.supervisor = await createStaff(t, RoleName.Supervisor, { userName: 'packer' });
    staff.admin = await createStaff(t, RoleName.Admin);
  });

  async function pendingOrder(lines: Record<number, number> = { [emma]: 2, [persuasion]: 1 }) {
    await fillCart(t, alice, lines);
    return checkout(t, alice, addressId);
  }
  async function paidOrder(lines?: Record<number, number>) {
    const session = await pendingOrder(lines);
    expect((await payOnSandboxPage(t, session.url)).statusCode).toBeLessThan(400);
    await t.app.jobs.runDue();
    return session.orderId;
  }
  const pack = (id: number, who?: TestAccount, body: unknown = { status: 'packed' }) =>
    callAs(t, 'PATCH', `/api/v1/orders/${id}/fulfilment`, who, body);
  const ship = (id: number, who: TestAccount | undefined, body: unknown) =>
    callAs(t, 'POST', `/api/v1/orders/${id}/shipments`, who, body);
  const deliver = (id: number, shipmentId: number, who?: TestAccount, body: unknown = { status: 'delivered' }) =>
    callAs(t, 'PATCH', `/api/v1/orders/${id}/shipments/${shipmentId}`, who, body);
  const aramex = { carrier: 'aramex', trackingNumber: '35123456789' };

  /** The order's fulfilment as stored: a refusal must leave all of it as it was. */
  const snapshot = async (id: number) => ({
    order: await rows(t.db, sql`select fulfilment_status from orders where id = ${id}`),
    shipments: await rows(t.db, sql`select count(*)::int as n from shipments where order_id = ${id}`),
    events: await rows(t.db, sql`select count(*)::int as n from order_events where order_id = ${id}`),
  });

  it('lists the carriers, each with its tracking page (none for the shop courier)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/carriers' });
    expect(res.statusCode).toBe(200);
    const carriers = res.json<Carrier[]>();
    expect(carriers.map((c) => c.code)).toEqual(['aramex', 'emirates-post', 'dhl-express', 'shop-courier']);
    expect(carriers.find((c) => c.code === 'shop-courier')!.trackingUrlTemplate).toBeNull();
    for (const c of carriers.filter((c) => c.code !== 'shop-courier'))
      expect(c.trackingUrlTemplate).toMatch(/^https:\/\/.+\{trackingNumber\}/);
  });

  it('a new order is card, unfulfilled, with no shipments or returns, for the customer and staff', async () => {
    const { orderId } = await pendingOrder();
    const mine = await getOrder(t, alice, orderId);
    expect(mine).toMatchObject({
      paymentMethod: 'card',
      fulfilmentStatus: 'unfulfilled',
      fulfilmentStatusName: 'Unfulfilled',
      shipments: [],
      returns: [],
    });
    expect(mine.history).toEqual([
      { status: 1, statusName: 'Pending', event: null, shipmentId: null, at: expect.any(String) },
    ]);
    const theirs = (await callAs(t, 'GET', `/api/v1/orders/${orderId}`, staff.user)).json<StaffOrder>();
    expect(theirs.history[0]).toMatchObject({ status: 1, by: null });
  });

  it('who may pack, ship and deliver: no token 401; customer, New User and User 403; unknown order 404', async () => {
    const orderId = await paidOrder();
    for (const who of [undefined, alice, staff.newUser, staff.user]) {
      const status = who ? 403 : 401;
      expectProblem(await pack(orderId, who), status);
      expectProblem(await ship(orderId, who, aramex), status);
      expectProblem(await deliver(orderId, 1, who), status);
    }
    expect(await snapshot(orderId)).toMatchObject({ shipments: [{ n: 0 }], events: [{ n: 0 }] });
    expectProblem(await pack(999_999, staff.supervisor), 404);
    expectProblem(await ship(999_999, staff.supervisor, aramex), 404);
    expectProblem(await deliver(999_999, 1, staff.supervisor), 404);
    expect((await pack(orderId, staff.admin)).statusCode).toBe(200);
  });

  it('pack → ship everything → deliver: statuses, tracking link, history with who did it, one mail each', async () => {
    const orderId = await paidOrder();
    const packed = await pack(orderId, staff.supervisor);
    expect(packed.statusCode, packed.body).toBe(200);
    expect(packed.json<StaffOrder>()).toMatchObject({ fulfilmentStatus: 'packed', fulfilmentStatusName: 'Packed' });
    expectProblem(await pack(orderId, staff.supervisor), 409);

    const shipped = await ship(orderId, staff.supervisor, aramex);
    expect(shipped.statusCode, shipped.body).toBe(201);
    const order = shipped.json<StaffOrder>();
    expect(order.fulfilmentStatus).toBe('shipped');
    expect(order.fulfilmentStatusName).toBe('Shipped');
    expect(order.shipments).toEqual([
      {
        id: expect.any(Number),
        carrier: 'aramex',
        carrierName: 'Aramex',
        trackingNumber: '35123456789',
        trackingUrl: 'https://www.aramex.com/track/results?ShipmentNumber=35123456789',
        status: 'shipped',
        shippedAt: expect.any(String),
        deliveredAt: null,
        lines: [
          { bookId: emma, quantity: 2 },
          { bookId: persuasion, quantity: 1 },
        ],
      },
    ]);
    const shipmentId = order.shipments[0]!.id;
    // Everything has shipped: nothing is left for a second parcel.
    expectProblem(await ship(orderId, staff.supervisor, aramex), 409);

    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const onItsWay = mailsAbout(smtp, alice.emailAddress, orderId, 'is on its way');
    expect(onItsWay).toHaveLength(1);
    expect(onItsWay[0]!.text).toContain('Aramex');
    expect(onItsWay[0]!.text).toContain('35123456789');
    expect(onItsWay[0]!.text).toContain('https://www.aramex.com/track/results?ShipmentNumber=35123456789');
    expect(onItsWay[0]!.text).toContain(`http://shop.test/orders/${orderId}`);

    const delivered = await deliver(orderId, shipmentId, staff.supervisor);
    expect(delivered.statusCode, delivered.body).toBe(200);
    const done = delivered.json<StaffOrder>();
    expect(done.fulfilmentStatus).toBe('delivered');
    expect(done.shipments[0]).toMatchObject({ status: 'delivered', deliveredAt: expect.any(String) });
    expectProblem(await deliver(orderId, shipmentId, staff.supervisor), 409);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const arrived = mailsAbout(smtp, alice.emailAddress, orderId, 'was delivered');
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.text).toContain(`http://shop.test/reviews/${emma}/Emma`);
    expect(arrived[0]!.text).toContain(`http://shop.test/reviews/${persuasion}/Persuasion`);

    const events = done.history.filter((h) => h.event);
    expect(events).toEqual([
      expect.objectContaining({
        event: 'packed',
        statusName: 'Packed',
        by: { id: staff.supervisor.id, userName: 'packer' },
      }),
      expect.objectContaining({ event: 'shipped', statusName: 'Shipped', shipmentId }),
      expect.objectContaining({ event: 'delivered', statusName: 'Delivered', shipmentId }),
    ]);
    // The customer sees the same story without who did it.
    const mine = await getOrder(t, alice, orderId);
    expect(mine.history.map((h) => h.statusName)).toEqual(['Pending', 'Completed', 'Packed', 'Shipped', 'Delivered']);
    expect(mine.history.some((h) => 'by' in h)).toBe(false);
    expect(mine.shipments[0]!.trackingUrl).toBe('https://www.aramex.com/track/results?ShipmentNumber=35123456789');
  });

  it('a partial shipment leaves the order partially shipped; the rest by default; delivered when both arrive', async () => {
    const orderId = await paidOrder();
    const first = await ship(orderId, staff.supervisor, { ...aramex, lines: [{ bookId: emma, quantity: 1 }] });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<StaffOrder>().fulfilmentStatus).toBe('partially-shipped');
    const second = await ship(orderId, staff.supervisor, { carrier: 'shop-courier' });
    expect(second.statusCode, second.body).toBe(201);
    const order = second.json<StaffOrder>();
    expect(order.fulfilmentStatus).toBe('shipped');
    expect(order.shipments[1]).toMatchObject({
      carrier: 'shop-courier',
      carrierName: 'Shop courier',
      trackingNumber: null,
      trackingUrl: null,
      lines: [
        { bookId: emma, quantity: 1 },
        { bookId: persuasion, quantity: 1 },
      ],
    });
    await t.app.jobs.runDue();
    const mails = mailsAbout(smtp, alice.emailAddress, orderId, 'is on its way');
    expect(mails).toHaveLength(2);
    // The first says more is coming; the second, which completes the order, does not (mail may arrive in any order).
    expect(mails.filter((m) => m.text.includes('Part of your order'))).toHaveLength(1);

    const [a, b] = order.shipments;
    const oneArrived = await deliver(orderId, a!.id, staff.supervisor);
    expect(oneArrived.json<StaffOrder>().fulfilmentStatus).toBe('shipped');
    const bothArrived = await deliver(orderId, b!.id, staff.admin);
    expect(bothArrived.json<StaffOrder>().fulfilmentStatus).toBe('delivered');
  });

  it('refuses more copies than ordered and not yet shipped, naming the line, and changes nothing', async () => {
    const orderId = await paidOrder();
    expect(
      (await ship(orderId, staff.supervisor, { ...aramex, lines: [{ bookId: emma, quantity: 1 }] })).statusCode,
    ).toBe(201);
    const before = await snapshot(orderId);
    const tooMany = await ship(orderId, staff.supervisor, {
      ...aramex,
      lines: [
        { bookId: persuasion, quantity: 1 },
        { bookId: emma, quantity: 2 },
      ],
    });
    expectValidationError(tooMany, 'lines.1.quantity', FulfilmentMessages.lineTooMany('Emma', 1));
    expectValidationError(
      await ship(orderId, staff.supervisor, { ...aramex, lines: [{ bookId: 424242, quantity: 1 }] }),
      'lines.0.bookId',
      FulfilmentMessages.lineNotInOrder(424242),
    );
    expect(await snapshot(orderId)).toEqual(before);
  });

  it('refuses a bad body naming the field', async () => {
    const orderId = await paidOrder();
    const before = await snapshot(orderId);
    expectValidationError(
      await pack(orderId, staff.supervisor, { status: 'shipped' }),
      'status',
      FulfilmentMessages.packOnly,
    );
    expectValidationError(
      await ship(orderId, staff.supervisor, { carrier: 'fedex', trackingNumber: '12345' }),
      'carrier',
      FulfilmentMessages.carrierUnknown,
    );
    expectValidationError(
      await ship(orderId, staff.supervisor, { carrier: 'aramex' }),
      'trackingNumber',
      FulfilmentMessages.trackingNumberRequired,
    );
    for (const bad of ['123', 'x'.repeat(41), 'AB 123', 'AB_123', '<script>'])
      expectValidationError(
        await ship(orderId, staff.supervisor, { carrier: 'dhl-express', trackingNumber: bad }),
        'trackingNumber',
        FulfilmentMessages.trackingNumberFormat,
      );
    expectValidationError(
      await ship(orderId, staff.supervisor, { ...aramex, lines: [{ bookId: emma, quantity: 0 }] }),
      'lines.0.quantity',
    );
    expectValidationError(await ship(orderId, staff.supervisor, { ...aramex, lines: [] }), 'lines');
    expectValidationError(await ship(0, staff.supervisor, aramex), 'id');
    expect(await snapshot(orderId)).toEqual(before);

    const shipped = (await ship(orderId, staff.supervisor, aramex)).json<StaffOrder>();
    const shipmentId = shipped.shipments[0]!.id;
    expectValidationError(
      await deliver(orderId, shipmentId, staff.supervisor, { status: 'shipped' }),
      'status',
      FulfilmentMessages.deliveredOnly,
    );
    expectValidationError(
      await deliver(orderId, shipmentId, staff.supervisor, { status: 'delivered', cashCollected: true }),
      'cashCollected',
      FulfilmentMessages.noCashToCollect,
    );
    // Another order's shipment is not this order's.
    const other = await paidOrder();
    expectProblem(await deliver(other, shipmentId, staff.supervisor), 404);
    expect((await getOrder(t, alice, orderId)).shipments[0]!.status).toBe('shipped');
  });

  it('refuses to pack or ship an unpaid card order or a cancelled one (409), changing nothing', async () => {
    const { orderId } = await pendingOrder();
    expectProblem(await pack(orderId, staff.supervisor), 409);
    const unpaid = await ship(orderId, staff.supervisor, aramex);
    expectProblem(unpaid, 409);
    expect(unpaid.json<{ detail: string }>().detail).toBe(FulfilmentMessages.notPaid);
    const cancel = await callAs(t, 'PATCH', `/api/v1/orders/${orderId}/status`, staff.supervisor, {
      status: 3,
      reason: 'Out of paper',
    });
    expect(cancel.statusCode).toBe(200);
    const cancelled = await ship(orderId, staff.supervisor, aramex);
    expectProblem(cancelled, 409);
    expect(cancelled.json<{ detail: string }>().detail).toBe(FulfilmentMessages.cancelled);
    expect(await snapshot(orderId)).toEqual({
      order: [{ fulfilment_status: 'unfulfilled' }],
      shipments: [{ n: 0 }],
      events: [{ n: 0 }],
    });
  });

  it('once anything shipped, staff cannot cancel the order (409 pointing to a return); a packed one still can be', async () => {
    const packedOnly = await paidOrder();
    await pack(packedOnly, staff.supervisor);
    const cancelPacked = await callAs(t, 'PATCH', `/api/v1/orders/${packedOnly}/status`, staff.supervisor, {
      status: 3,
      reason: 'Customer changed their mind',
    });
    expect(cancelPacked.statusCode, cancelPacked.body).toBe(200);

    const orderId = await paidOrder();
    await ship(orderId, staff.supervisor, { ...aramex, lines: [{ bookId: persuasion, quantity: 1 }] });
    const res = await callAs(t, 'PATCH', `/api/v1/orders/${orderId}/status`, staff.admin, {
      status: 3,
      reason: 'Customer changed their mind',
    });
    expectProblem(res, 409);
    expect(res.json<{ detail: string }>().detail).toBe(FulfilmentMessages.cancelShipped);
    expect(res.json<{ detail: string }>().detail).toMatch(/return/);
    const order = await getOrder(t, alice, orderId);
    expect(order).toMatchObject({ status: 2, refundStatus: null, fulfilmentStatus: 'partially-shipped' });
  });

  it('another customer sees none of it: their order read is 404', async () => {
    const orderId = await paidOrder();
    expectProblem(await callAs(t, 'GET', `/api/v1/orders/${orderId}`, bob), 404);
  });

  it('a fulfilment mail job that runs twice mails once', async () => {
    const orderId = await paidOrder();
    const shipped = (await ship(orderId, staff.supervisor, aramex)).json<StaffOrder>();
    const shipmentId = shipped.shipments[0]!.id;
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    // The same job again, as a worker that lost its lease would run it.
    await t.db.transaction((tx) => t.app.jobs.enqueue(tx, FULFILMENT_MAIL_JOB, { kind: 'shipped', shipmentId }));
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(mailsAbout(smtp, alice.emailAddress, orderId, 'is on its way')).toHaveLength(1);

    await deliver(orderId, shipmentId, staff.supervisor);
    await t.app.jobs.runDue();
    await t.db.transaction((tx) => t.app.jobs.enqueue(tx, FULFILMENT_MAIL_JOB, { kind: 'delivered', orderId }));
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(mailsAbout(smtp, alice.emailAddress, orderId, 'was delivered')).toHaveLength(1);
  });

  it('staff filter orders by fulfilment status and count those to ship', async () => {
    const count = async () =>
      (await callAs(t, 'GET', '/api/v1/orders/to-ship-count', staff.user)).json<{ toShip: number }>().toShip;
    expectProblem(await callAs(t, 'GET', '/api/v1/orders/to-ship-count', alice), 403);
    expectProblem(await callAs(t, 'GET', '/api/v1/orders/to-ship-count'), 401);
    const before = await count();
    const orderId = await paidOrder();
    expect(await count()).toBe(before + 1);
    await pack(orderId, staff.supervisor);
    expect(await count()).toBe(before + 1);
    const packed = await callAs(t, 'GET', '/api/v1/orders?fulfilmentStatus=packed&pageSize=25', staff.user);
    expect(packed.statusCode, packed.body).toBe(200);
    const page = packed.json<{ data: Order[] }>();
    expect(page.data.map((o) => o.id)).toContain(orderId);
    expect(page.data.every((o) => o.fulfilmentStatus === 'packed')).toBe(true);
    await ship(orderId, staff.supervisor, aramex);
    expect(await count()).toBe(before);
    expectValidationError(
      await callAs(t, 'GET', '/api/v1/orders?fulfilmentStatus=lost', staff.user),
      'fulfilmentStatus',
    );
  });

  it('prints a packing slip: order number as the heading, address, lines with copies, escaped', async () => {
    const orderId = await paidOrder();
    const url = `/api/v1/orders/${orderId}/packing-slip`;
    expectProblem(await callAs(t, 'GET', url), 401);
    expectProblem(await callAs(t, 'GET', url, alice), 403);
    expectProblem(await callAs(t, 'GET', '/api/v1/orders/999999/packing-slip', staff.user), 404);
    const res = await callAs(t, 'GET', url, staff.user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain(`<h1>${number(orderId)}</h1>`);
    expect(res.body).toContain('Villa 12, Street 5, Jumeirah 1');
    const { address } = (await callAs(t, 'GET', `/api/v1/orders/${orderId}`, staff.user)).json<StaffOrder>();
    expect(address.recipientName).toBeTruthy();
    expect(res.body).toContain(`<strong>${address.recipientName!}</strong>`);
    expect(res.body).toContain('United Arab Emirates');
    expect(res.body).toContain('<tr><td>Emma</td><td>2</td><td>☐</td></tr>');
    expect(res.body).not.toContain('Left to ship');
    await ship(orderId, staff.supervisor, { ...aramex, lines: [{ bookId: emma, quantity: 1 }] });
    const after = await callAs(t, 'GET', url, staff.user);
    expect(after.body).toContain('<tr><td>Emma</td><td>2</td><td>1</td><td>☐</td></tr>');
    expect(after.body).toContain('<tr><td>Persuasion</td><td>1</td><td>1</td><td>☐</td></tr>');
  });

  it('escapes what a title or an address could smuggle into the slip', async () => {
    const evil = await t.catalogue.createBook(
      testBook({ title: '<script>alert(1)</script> & Co', priceFils: 1000, stockQuantity: 5 }),
    );
    const orderId = await paidOrder({ [evil]: 1 });
    const res = await callAs(t, 'GET', `/api/v1/orders/${orderId}/packing-slip`, staff.admin);
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
  });
});
