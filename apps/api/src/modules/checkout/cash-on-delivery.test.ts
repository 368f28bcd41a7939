import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COD_FEE_LABEL,
  CodMessages,
  type CashOrderPlaced,
  type PaymentMethodOption,
} from '@bookshop/contracts/checkout';
import { OrderStatus, RoleName } from '@bookshop/contracts/enums';
import type { StaffOrder } from '@bookshop/contracts/orders';
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
import { useTestApp } from '../../test/use-test-app.ts';
import { addAddress, cartBookIds, checkout, countRows, fillCart, getOrder, stockOf } from './testing.ts';

/** Cash on delivery (issue 22, decision 081): placed at once, paid at the door. */

const number = (id: number) => `BK-${String(id).padStart(6, '0')}`;
const london = {
  address: '221B Baker Street',
  country: 'GB',
  city: 'London',
  phoneNo: '020 7946 0958',
  zipCode: 'NW1 6XE',
};

describe('cash on delivery', () => {
  const { t, smtp } = useTestApp({ mail: true, env: { PUBLIC_URL: 'http://shop.test' }, quietJobs: true });
  let alice: TestAccount;
  let bob: TestAccount;
  let dubaiId: number;
  let londonId: number;
  let supervisor: TestAccount;
  let user: TestAccount;
  let emma: number;
  let atlas: number;

  beforeAll(async () => {
    emma = await t.catalogue.createBook(testBook({ title: 'Emma COD', priceFils: 4000, stockQuantity: 50 }));
    // Dhs 495.00 a copy: two come to 990 + 10 = 1,000.00 exactly (free delivery), three go over.
    atlas = await t.catalogue.createBook(testBook({ title: 'Atlas COD', priceFils: 49_500, stockQuantity: 50 }));
    alice = await createCustomer(t, { firstName: 'Alice' });
    bob = await createCustomer(t);
    dubaiId = await addAddress(t, alice);
    londonId = await addAddress(t, alice, london);
    supervisor = await createStaff(t, RoleName.Supervisor);
    user = await createStaff(t, RoleName.User);
  });

  const placeCash = (addressId: number, who: TestAccount = alice) =>
    callAs(t, 'POST', '/api/v1/checkout/create-session', who, {
      addressId,
      deliveryMethod: 'standard',
      paymentMethod: 'cod',
    });
  async function cashOrder(lines: Record<number, number> = { [emma]: 2 }) {
    await fillCart(t, alice, lines);
    const res = await placeCash(dubaiId);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CashOrderPlaced>();
  }
  const methods = (who: TestAccount | undefined, query: string) =>
    callAs(t, 'GET', `/api/v1/checkout/payment-methods?${query}`, who);
  const ship = (id: number) =>
    callAs(t, 'POST', `/api/v1/orders/${id}/shipments`, supervisor, { carrier: 'shop-courier' });
  const deliver = (id: number, shipmentId: number, body: unknown, who: TestAccount = supervisor) =>
    callAs(t, 'PATCH', `/api/v1/orders/${id}/shipments/${shipmentId}`, who, body);

  it('places the order Pending with a fee line, copies reserved, cart emptied, confirmation mailed at once', async () => {
    const before = await stockOf(t, 'Emma COD');
    const placed = await cashOrder();
    expect(placed).toEqual({ orderId: placed.orderId, url: `/checkout/success?orderId=${placed.orderId}` });
    const order = await getOrder(t, alice, placed.orderId);
    expect(order).toMatchObject({
      status: OrderStatus.Pending,
      paymentMethod: 'cod',
      codFee: 10,
      paidAt: null,
      expiresAt: null,
    });
    expect(order.total).toBe(80 + order.deliveryFee + 10);
    expect(await stockOf(t, 'Emma COD')).toBe(before - 2);
    expect(await cartBookIds(t, alice)).toEqual([]);
    await t.app.jobs.runDue();
    const mail = await smtp.nextMail(alice.emailAddress);
    expect(mail.subject).toBe(`Your order ${number(placed.orderId)} is confirmed`);
    expect(mail.text).toContain(`${COD_FEE_LABEL}: Dhs 10.00`);
  });

  it('has no 30-minute expiry: no expiry job, and the reconciliation leaves it Pending with its copies', async () => {
    const { orderId } = await cashOrder();
    const expiryJobs = sql`select count(*) as n from jobs where kind = 'checkout.expire' and payload->>'orderId' = ${String(orderId)}`;
    expect(await countRows(t, expiryJobs)).toBe(0);
    const stock = await stockOf(t, 'Emma COD');
    await t.db.execute(
      sql`update orders set expires_at = now() - interval '2 hours', created_at = now() - interval '2 hours' where id = ${orderId}`,
    );
    // Even an expiry job that somehow exists for it, and the periodic reconciliation, leave it be.
    await t.db.transaction((tx) =>
      t.app.jobs.enqueue(tx, 'checkout.expire', { orderId }, { key: `checkout.expire:${orderId}` }),
    );
    await t.db.execute(sql`update jobs set run_at = now() - interval '1 minute' where kind = 'checkout.reconcile'`);
    await t.app.jobs.runDue();
    expect((await getOrder(t, alice, orderId)).status).toBe(OrderStatus.Pending);
    expect(await stockOf(t, 'Emma COD')).toBe(stock);
  });

  it('a new checkout does not replace a placed cash order, and Pay now is refused', async () => {
    const { orderId } = await cashOrder();
    await fillCart(t, alice, { [emma]: 1 });
    await checkout(t, alice, dubaiId);
    expect((await getOrder(t, alice, orderId)).status).toBe(OrderStatus.Pending);
    const pay = await callAs(t, 'GET', `/api/v1/orders/${orderId}/payment-session`, alice);
    expectProblem(pay, 409);
    expect(pay.json<{ detail: string }>().detail).toBe(CodMessages.notPayable);
  });

  it('refuses an address outside the UAE and an order over Dhs 1,000.00 with the fee, nothing placed', async () => {
    await fillCart(t, alice, { [emma]: 1 });
    const abroad = await placeCash(londonId);
    expectProblem(abroad, 409);
    expect(abroad.json<{ detail: string }>().detail).toBe(CodMessages.outsideUae);

    await fillCart(t, alice, { [atlas]: 3 });
    const over = await placeCash(dubaiId);
    expectProblem(over, 409);
    expect(over.json<{ detail: string }>().detail).toBe(CodMessages.overLimit);
    expect(await cartBookIds(t, alice)).toHaveLength(1);

    // Exactly Dhs 1,000.00 with the fee is allowed.
    const limit = await cashOrder({ [atlas]: 2 });
    const order = await getOrder(t, alice, limit.orderId);
    expect(order.total).toBe(1000);
  });

  it('checks paymentMethod and keeps card the default', async () => {
    await fillCart(t, alice, { [emma]: 1 });
    expectValidationError(
      await callAs(t, 'POST', '/api/v1/checkout/create-session', alice, {
        addressId: dubaiId,
        deliveryMethod: 'standard',
        paymentMethod: 'cheque',
      }),
      'paymentMethod',
      CodMessages.paymentMethodInvalid,
    );
    const card = await checkout(t, alice, dubaiId);
    expect(card.sessionId).toMatch(/^cs_/);
    expect((await getOrder(t, alice, card.orderId)).paymentMethod).toBe('card');
  });

  it('lists the payment methods with availability, fee and reason; owner only', async () => {
    await fillCart(t, alice, { [emma]: 1 });
    const ok = await methods(alice, `addressId=${dubaiId}&deliveryMethod=standard`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<PaymentMethodOption[]>()).toEqual([
      { code: 'card', name: 'Pay by card', available: true, fee: 0, reason: null },
      { code: 'cod', name: 'Cash on delivery', available: true, fee: 10, reason: null },
    ]);
    await fillCart(t, alice, { [atlas]: 3 });
    const over = await methods(alice, `addressId=${dubaiId}&deliveryMethod=standard`);
    expect(over.json<PaymentMethodOption[]>()[1]).toMatchObject({ available: false, reason: CodMessages.overLimit });

    expectProblem(await methods(undefined, `addressId=${dubaiId}&deliveryMethod=standard`), 401);
    expectProblem(await methods(supervisor, `addressId=${dubaiId}&deliveryMethod=standard`), 403);
    expectProblem(await methods(bob, `addressId=${dubaiId}&deliveryMethod=standard`), 404);
    expectValidationError(await methods(alice, `addressId=${dubaiId}&deliveryMethod=drone`), 'deliveryMethod');
    await fillCart(t, bob, { [emma]: 1 });
    expectProblem(await placeCash(dubaiId, bob), 404);
    expectProblem(await placeCash(dubaiId, supervisor), 403);
  });

  it("counts in 'To ship', ships while Pending; delivered with cashCollected it is Completed and paid", async () => {
    const toShip = async () =>
      (await callAs(t, 'GET', '/api/v1/orders/to-ship-count', supervisor)).json<{ toShip: number }>().toShip;
    const before = await toShip();
    const { orderId } = await cashOrder();
    expect(await toShip()).toBe(before + 1);
    const shipped = await ship(orderId);
    expect(await toShip()).toBe(before);
    expect(shipped.statusCode, shipped.body).toBe(201);
    const shipmentId = shipped.json<StaffOrder>().shipments[0]!.id;

    const noCash = await deliver(orderId, shipmentId, { status: 'delivered' });
    expectValidationError(noCash, 'cashCollected', CodMessages.cashNotCollected);
    expectProblem(await deliver(orderId, shipmentId, { status: 'delivered', cashCollected: true }, user), 403);
    expectProblem(await deliver(orderId, shipmentId, { status: 'delivered', cashCollected: true }, alice), 403);

    const done = await deliver(orderId, shipmentId, { status: 'delivered', cashCollected: true });
    expect(done.statusCode, done.body).toBe(200);
    const order = await getOrder(t, alice, orderId);
    expect(order).toMatchObject({ status: OrderStatus.Completed, fulfilmentStatus: 'delivered' });
    expect(order.paidAt).not.toBeNull();
    expect(order.history.map((h) => h.statusName)).toContain('Completed');
  });

  it('a refused delivery is cancelled by staff after shipping: copies released, no refund', async () => {
    const before = await stockOf(t, 'Emma COD');
    const { orderId } = await cashOrder();
    expect((await ship(orderId)).statusCode).toBe(201);
    const byCustomer = await callAs(t, 'POST', `/api/v1/orders/${orderId}/cancel`, alice);
    expectProblem(byCustomer, 409);
    expect(byCustomer.json<{ detail: string }>().detail).toBe(CodMessages.shippedNoCancel);
    const cancelled = await callAs(t, 'PATCH', `/api/v1/orders/${orderId}/status`, supervisor, {
      status: 3,
      reason: 'The customer refused the parcel at the door.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<StaffOrder>()).toMatchObject({ status: OrderStatus.Cancelled, refundStatus: null });
    expect(await stockOf(t, 'Emma COD')).toBe(before);
    const moves = await rows<{ reason: string; delta: number }>(
      t.db,
      sql`select reason, delta from stock_movements where order_id = ${orderId} order by id`,
    );
    expect(moves).toEqual([
      { reason: 'sale', delta: -2 },
      { reason: 'released', delta: 2 },
    ]);
  });
});
