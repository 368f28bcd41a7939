import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RoleName } from '@bookshop/contracts/enums';
import type { Order } from '@bookshop/contracts/orders';
import type { Page } from '@bookshop/contracts/pagination';
import { ReturnMessages, type StaffReturn } from '@bookshop/contracts/returns';
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

/** Returns (issue 22, decision 080). */

const number = (id: number) => `BK-${String(id).padStart(6, '0')}`;
const returnMails = (smtp: MailCatcher, to: string, id: number) =>
  smtp.mails.filter(
    (m) => m.to.includes(to.toLowerCase()) && m.subject.startsWith(`Your return from order ${number(id)}`),
  );

describe('returns', () => {
  const { t, smtp } = useTestApp({ mail: true, env: { PUBLIC_URL: 'http://shop.test' }, quietJobs: true });
  let alice: TestAccount;
  let bob: TestAccount;
  let addressId: number;
  let emma: number;
  let persuasion: number;
  let manager: TestAccount;
  let packer: TestAccount;
  let viewer: TestAccount;
  const reason = 'The cover arrived torn.';

  beforeAll(async () => {
    emma = await t.catalogue.createBook(testBook({ title: 'Emma', priceFils: 4000, stockQuantity: 100 }));
    persuasion = await t.catalogue.createBook(testBook({ title: 'Persuasion', priceFils: 5000, stockQuantity: 100 }));
    alice = await createCustomer(t, { firstName: 'Alice' });
    bob = await createCustomer(t);
    addressId = await addAddress(t, alice);
    manager = await createStaff(t, RoleName.Admin);
    packer = await createStaff(t, RoleName.Supervisor);
    viewer = await createStaff(t, RoleName.User);
  });

  async function paidOrder(lines: Record<number, number> = { [emma]: 2, [persuasion]: 1 }) {
    await fillCart(t, alice, lines);
    const session = await checkout(t, alice, addressId);
    expect((await payOnSandboxPage(t, session.url)).statusCode).toBeLessThan(400);
    await t.app.jobs.runDue();
    return session;
  }
  async function shipAndDeliver(orderId: number, lines?: { bookId: number; quantity: number }[]) {
    const shipped = await callAs(t, 'POST', `/api/v1/orders/${orderId}/shipments`, packer, {
      carrier: 'aramex',
      trackingNumber: '35123456789',
      ...(lines && { lines }),
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const shipmentId = shipped.json<Order>().shipments.at(-1)!.id;
    const res = await callAs(t, 'PATCH', `/api/v1/orders/${orderId}/shipments/${shipmentId}`, packer, {
      status: 'delivered',
    });
    expect(res.statusCode, res.body).toBe(200);
    return shipmentId;
  }
  async function deliveredOrder() {
    const session = await paidOrder();
    await shipAndDeliver(session.orderId);
    return session;
  }
  const ask = (orderId: number, who: TestAccount | undefined, body: unknown) =>
    callAs(t, 'POST', `/api/v1/orders/${orderId}/returns`, who, body);
  const step = (id: number, who: TestAccount | undefined, body: unknown) =>
    callAs(t, 'PATCH', `/api/v1/returns/${id}`, who, body);
  /** 409 with this detail. */
  const expectConflict = (res: Awaited<ReturnType<typeof ask>>, detail: string) => {
    expectProblem(res, 409);
    expect(res.json<{ detail: string }>().detail).toBe(detail);
  };
  const stockOf = async (bookId: number) =>
    (await rows<{ n: number }>(t.db, sql`select stock_quantity as n from books where id = ${bookId}`))[0]!.n;

  it('a customer asks to return delivered copies: 201 with the order, the return requested, in its history, mailed once', async () => {
    const { orderId } = await deliveredOrder();
    const res = await ask(orderId, alice, { lines: [{ bookId: emma, quantity: 1 }], reason });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<Order>();
    expect(order.id).toBe(orderId);
    expect(order.returns).toEqual([
      {
        id: expect.any(Number),
        orderId,
        status: 'requested',
        statusName: 'Return requested',
        lines: [{ bookId: emma, title: 'Emma', quantity: 1, price: 40 }],
        reason,
        refundAmount: 40,
        refundStatus: null,
        restocked: false,
        createdAt: expect.any(String),
        events: [{ status: 'requested', statusName: 'Return requested', note: null, at: expect.any(String) }],
      },
    ]);
    expect(order.history.at(-1)).toMatchObject({ statusName: 'Return requested', returnId: order.returns[0]!.id });
    expect((await getOrder(t, alice, orderId)).returns).toHaveLength(1);
    await t.app.jobs.runDue();
    const mails = returnMails(smtp, alice.emailAddress, orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`http://shop.test/orders/${orderId}`);
  });

  it('refuses bad input (400 naming the field), no token 401, staff 403, another customer 404', async () => {
    const { orderId } = await deliveredOrder();
    expectValidationError(
      await ask(orderId, alice, { lines: [{ bookId: emma, quantity: 1 }], reason: 'short' }),
      'reason',
    );
    expectValidationError(await ask(orderId, alice, { lines: [], reason }), 'lines');
    expectValidationError(
      await ask(orderId, alice, { lines: [{ bookId: emma, quantity: 0 }], reason }),
      'lines.0.quantity',
    );
    expectValidationError(
      await ask(orderId, alice, { lines: [{ bookId: emma, quantity: 1 }], reason: 'x'.repeat(501) }),
      'reason',
    );
    const body = { lines: [{ bookId: emma, quantity: 1 }], reason };
    expectProblem(await ask(orderId, undefined, body), 401);
    expectProblem(await ask(orderId, manager, body), 403);
    expectProblem(await ask(orderId, bob, body), 404);
    expectProblem(await ask(999_999, alice, body), 404);
    expect((await getOrder(t, alice, orderId)).returns).toEqual([]);
  });

  it('refuses (409) copies not delivered, more than were delivered and not returned, and past the window', async () => {
    const { orderId: paidOnly } = await paidOrder();
    expectConflict(
      await ask(paidOnly, alice, { lines: [{ bookId: emma, quantity: 1 }], reason }),
      ReturnMessages.notDelivered,
    );

    const { orderId } = await paidOrder();
    await shipAndDeliver(orderId, [{ bookId: emma, quantity: 1 }]);
    // Persuasion was never shipped; only one Emma arrived.
    expectConflict(
      await ask(orderId, alice, { lines: [{ bookId: persuasion, quantity: 1 }], reason }),
      ReturnMessages.lineTooMany('Persuasion', 0),
    );
    expectConflict(
      await ask(orderId, alice, { lines: [{ bookId: emma, quantity: 2 }], reason }),
      ReturnMessages.lineTooMany('Emma', 1),
    );
    expect((await ask(orderId, alice, { lines: [{ bookId: emma, quantity: 1 }], reason })).statusCode).toBe(201);
    expectConflict(
      await ask(orderId, alice, { lines: [{ bookId: emma, quantity: 1 }], reason }),
      ReturnMessages.lineTooMany('Emma', 0),
    );

    const { orderId: old } = await deliveredOrder();
    await t.db.execute(sql`update shipments set delivered_at = now() - interval '15 days' where order_id = ${old}`);
    expectConflict(
      await ask(old, alice, { lines: [{ bookId: emma, quantity: 1 }], reason }),
      ReturnMessages.windowClosed,
    );
    await t.db.execute(sql`update shipments set delivered_at = now() - interval '13 days' where order_id = ${old}`);
    expect((await ask(old, alice, { lines: [{ bookId: emma, quantity: 1 }], reason })).statusCode).toBe(201);
  });

  it('staff approve, then receive with restock: the lines are refunded once as a partial refund and the copies go back', async () => {
    const { orderId, sessionId } = await deliveredOrder();
    const asked = await ask(orderId, alice, {
      lines: [
        { bookId: emma, quantity: 2 },
        { bookId: persuasion, quantity: 1 },
      ],
      reason,
    });
    const id = asked.json<Order>().returns[0]!.id;
    expectProblem(await step(id, undefined, { status: 'approved' }), 401);
    expectProblem(await step(id, viewer, { status: 'approved' }), 403);
    expectProblem(await step(id, alice, { status: 'approved' }), 403);
    expectProblem(await step(999_999, manager, { status: 'approved' }), 404);
    expectValidationError(await step(id, manager, { status: 'lost' }), 'status');
    expectConflict(await step(id, manager, { status: 'received', restock: true }), ReturnMessages.notApproved);

    const approved = await step(id, manager, { status: 'approved', note: 'Send it to the Dubai shop' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<StaffReturn>()).toMatchObject({
      status: 'approved',
      statusName: 'Return approved',
      orderNumber: number(orderId),
    });
    expectConflict(await step(id, manager, { status: 'rejected' }), ReturnMessages.notRequested);

    const [emmaBefore, persuasionBefore] = [await stockOf(emma), await stockOf(persuasion)];
    const received = await step(id, manager, { status: 'received', restock: true });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json<StaffReturn>()).toMatchObject({
      status: 'received',
      refundAmount: 130,
      refundStatus: 'pending',
      restocked: true,
    });
    const again = await step(id, manager, { status: 'received', restock: true });
    expect(again.statusCode).toBe(200);
    expect(await stockOf(emma)).toBe(emmaBefore + 2);
    expect(await stockOf(persuasion)).toBe(persuasionBefore + 1);
    const movements = await rows<{ reason: string; return_id: number }>(
      t.db,
      sql`select reason, return_id from stock_movements where return_id = ${id}`,
    );
    expect(movements).toEqual([
      { reason: 'returned', return_id: id },
      { reason: 'returned', return_id: id },
    ]);

    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const refunds = await rows<{ amount: number; idempotency_key: string }>(
      t.db,
      sql`select amount, idempotency_key from sandbox_refunds where session_id = ${sessionId}`,
    );
    expect(refunds).toEqual([{ amount: 13_000, idempotency_key: `refund-return-${id}` }]);
    const order = await getOrder(t, alice, orderId);
    expect(order.returns[0]).toMatchObject({ status: 'received', refundStatus: 'refunded', refundAmount: 130 });
    expect(order.returns[0]!.events.map((e) => e.status)).toEqual(['requested', 'approved', 'received']);
    expect(order.history.filter((h) => h.returnId === id).map((h) => h.statusName)).toEqual([
      'Return requested',
      'Return approved',
      'Return received',
    ]);
    const mails = returnMails(smtp, alice.emailAddress, orderId);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `Your return from order ${number(orderId)}: return approved`,
      `Your return from order ${number(orderId)}: return received`,
      `Your return from order ${number(orderId)}: return requested`,
    ]);
    expect(mails.find((m) => m.subject.endsWith('received'))!.text).toContain('130');
  });

  it('a rejected return frees its copies to be asked again; without restock the stock stays', async () => {
    const { orderId } = await deliveredOrder();
    const body = { lines: [{ bookId: emma, quantity: 2 }], reason };
    const first = (await ask(orderId, alice, body)).json<Order>().returns[0]!.id;
    expect((await step(first, manager, { status: 'rejected', note: 'Worn by use' })).json<StaffReturn>().status).toBe(
      'rejected',
    );
    const second = (await ask(orderId, alice, body)).json<Order>().returns[1]!.id;
    await step(second, manager, { status: 'approved' });
    const before = await stockOf(emma);
    expect((await step(second, manager, { status: 'received' })).json<StaffReturn>().restocked).toBe(false);
    expect(await stockOf(emma)).toBe(before);
  });

  it('two returns of one card order are two partial refunds of the same payment, both refunded', async () => {
    const { orderId, sessionId } = await deliveredOrder();
    const ids: number[] = [];
    for (const lines of [[{ bookId: emma, quantity: 1 }], [{ bookId: persuasion, quantity: 1 }]]) {
      const asked = await ask(orderId, alice, { lines, reason });
      expect(asked.statusCode, asked.body).toBe(201);
      const id = asked.json<Order>().returns.at(-1)!.id;
      await step(id, manager, { status: 'approved' });
      expect((await step(id, manager, { status: 'received' })).statusCode).toBe(200);
      await t.app.jobs.runDue();
      ids.push(id);
    }
    const order = await getOrder(t, alice, orderId);
    expect(order.returns.map((r) => r.refundStatus)).toEqual(['refunded', 'refunded']);
    const refunds = await rows<{ amount: number; idempotency_key: string }>(
      t.db,
      sql`select amount, idempotency_key from sandbox_refunds where session_id = ${sessionId} order by created_at, id`,
    );
    expect(refunds.map((r) => r.idempotency_key).sort()).toEqual(ids.map((id) => `refund-return-${id}`).sort());
    expect(refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(
      Math.round(order.returns.reduce((sum, r) => sum + r.refundAmount, 0) * 100),
    );
  });

  it('cash on delivery: received records the refund owed, with no card refund; staff then mark it paid once', async () => {
    const { orderId } = await deliveredOrder();
    await t.db.execute(sql`update orders set payment_method = 'cod' where id = ${orderId}`);
    const id = (await ask(orderId, alice, { lines: [{ bookId: persuasion, quantity: 1 }], reason })).json<Order>()
      .returns[0]!.id;
    expectConflict(await step(id, manager, { refundPaid: true }), ReturnMessages.refundNotOwed);
    await step(id, manager, { status: 'approved' });
    const received = await step(id, manager, { status: 'received' });
    expect(received.json<StaffReturn>()).toMatchObject({ refundStatus: 'owed', refundAmount: 50 });
    const [jobs] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from jobs where key = ${`return-refund:${id}`}`,
    );
    expect(jobs!.n).toBe(0);
    expectProblem(await step(id, viewer, { refundPaid: true }), 403);
    const paid = await step(id, manager, { refundPaid: true });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<StaffReturn>().refundStatus).toBe('paid');
    expectConflict(await step(id, manager, { refundPaid: true }), ReturnMessages.refundNotOwed);
    expectValidationError(await step(id, manager, {}), 'status');
  });

  it('staff list returns oldest first, paged, filtered by status', async () => {
    expectProblem(await callAs(t, 'GET', '/api/v1/returns', undefined), 401);
    expectProblem(await callAs(t, 'GET', '/api/v1/returns', viewer), 403);
    expectValidationError(await callAs(t, 'GET', '/api/v1/returns?status=lost', manager), 'status');
    const listed = await callAs(t, 'GET', '/api/v1/returns?pageSize=25', manager);
    expect(listed.statusCode, listed.body).toBe(200);
    const all = listed.json<Page<StaffReturn>>();
    expect(all.data.length).toBeGreaterThan(2);
    const ids = all.data.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(all.data[0]).toMatchObject({ customerEmail: alice.emailAddress.toLowerCase() });
    const requested = (await callAs(t, 'GET', '/api/v1/returns?status=requested&pageSize=5', manager)).json<
      Page<StaffReturn>
    >();
    expect(requested.data.length).toBeGreaterThan(0);
    expect(requested.data.every((r) => r.status === 'requested')).toBe(true);
    expect(requested.paginationDetails).toMatchObject({ currentPage: 1, pageSize: 5 });
    expect(requested.paginationDetails.noOfRecords).toBe(all.data.filter((r) => r.status === 'requested').length);
  });
});
