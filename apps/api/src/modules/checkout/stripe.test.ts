import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CheckoutMessages } from '@bookshop/contracts/checkout';
import type { Order } from '@bookshop/contracts/orders';
import { RoleName } from '@bookshop/contracts/enums';
import { callAs, createCustomer, createStaff, expectProblem, testBook, type TestAccount } from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import {
  addAddress,
  cartBookIds,
  checkout,
  confirmations,
  createSession,
  deliver,
  expireNow,
  fillCart,
  getOrder,
  signedEvent,
  stockOf,
} from './testing.ts';

/**
 * Checkout against Stripe: the real provider and the official SDK talking to a local stand-in of
 * Stripe's REST API, and webhook events signed with the SDK's own test helper.
 */

const SECRET = 'whsec_checkout_tests_0123456789';
// The tests run the queue themselves (app.jobs.runDue), so they decide what is delivered when.
const { t, smtp, standin } = useTestApp({
  stripeWebhookSecret: SECRET,
  mail: true,
  env: { PUBLIC_URL: 'http://shop.test' },
  quietJobs: true,
});
let alice: TestAccount;
let addressId: number;
let bookId: number;

beforeAll(async () => {
  bookId = await t.catalogue.createBook(
    testBook({ title: 'Middlemarch', priceFils: 4550, discountPercentage: 20, stockQuantity: 10 }),
  );
});
beforeEach(async () => {
  await t.db.execute(sql`update books set stock_quantity = 10 where id = ${bookId}`);
  // A customer per test: an open checkout of an earlier test would be reused or replaced (decision 057).
  alice = await createCustomer(t);
  addressId = await addAddress(t, alice);
  await fillCart(t, alice, { [bookId]: 2 });
});

const sessionOf = (id: string) => standin.sessions.get(id)!;
const orderNo = (id: number) => `BK-${String(id).padStart(6, '0')}`;
const success = (sessionId: string) =>
  callAs(t, 'GET', `/api/v1/checkout/checkout-success?sessionId=${sessionId}`, alice);

describe('create-session with Stripe', () => {
  it('charges the order, not the cart: lines in fils, delivery as its own line, order id, 30+ minute expiry, one idempotency key', async () => {
    const before = Math.floor(Date.now() / 1000);
    const session = await checkout(t, alice, addressId);
    const created = standin.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').at(-1)!;
    expect(created.status).toBe(200);
    expect(created.idempotencyKey).toBe(`checkout-order-${session.orderId}`);
    const stripeSession = sessionOf(session.sessionId);
    expect(session.url).toBe(stripeSession.url);
    // 2 × 36.40 = 72.80, standard delivery 15.00.
    expect(stripeSession.amount_total).toBe(2 * 3640 + 1500);
    expect(stripeSession.currency).toBe('aed');
    expect(stripeSession.client_reference_id).toBe(String(session.orderId));
    expect(stripeSession.expires_at - before).toBeGreaterThanOrEqual(30 * 60);
    // Stripe's session outlives the reservation a little; checkout expires it when the reservation ends.
    expect(stripeSession.expires_at).toBeGreaterThanOrEqual(Math.floor(Date.parse(session.expiresAt) / 1000));
    expect((await getOrder(t, alice, session.orderId)).total).toBe(87.8);
  });

  it.each([
    ["PUBLIC_URL's own", 'shop.test', 'http://shop.test'],
    ['a loopback address', '127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['localhost on another port', 'localhost:5173', 'http://localhost:5173'],
    ["any other name (a Host header is the client's to write): PUBLIC_URL instead", 'evil.example', 'http://shop.test'],
  ])('sends the customer back to the origin they browse by when it is %s', async (_case, host, origin) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/checkout/create-session',
      headers: { ...alice.headers, host },
      payload: { addressId, deliveryMethod: 'standard' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const stripeSession = sessionOf(res.json<{ sessionId: string }>().sessionId);
    expect(stripeSession.success_url).toBe(`${origin}/checkout/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(stripeSession.cancel_url).toBe(`${origin}/checkout/cancel?session_id={CHECKOUT_SESSION_ID}`);
  });

  it('when Stripe fails, answers 503 with Retry-After, cancels the order and releases the copies', async () => {
    standin.failNext(500, 10);
    const res = await createSession(t, alice, addressId);
    standin.failNext(500, 0);
    expectProblem(res, 503);
    expect(res.json().detail).toBe(CheckoutMessages.paymentsUnavailable);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stockOf(t, 'Middlemarch')).toBe(10);
    const orders = (await callAs(t, 'GET', '/api/v1/orders/customer', alice)).json<{ data: Order[] }>().data;
    expect(orders[0]).toMatchObject({ status: 3 });
  });
});

describe('TEST MODE is off', () => {
  it('the storefront is told payments are real, and an order paid through Stripe is not a test order', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(config.json()).toMatchObject({ testMode: false });

    const session = await checkout(t, alice, addressId);
    standin.pay(session.sessionId);
    expect(
      (await deliver(t, signedEvent(SECRET, 'checkout.session.completed', sessionOf(session.sessionId)))).statusCode,
    ).toBe(200);
    expect(await getOrder(t, alice, session.orderId)).toMatchObject({ status: 2, testMode: false });
    const staff = await createStaff(t, RoleName.User);
    expect(await getOrder(t, staff, session.orderId)).toMatchObject({ status: 2, testMode: false });
  });
});

describe('the webhook', () => {
  it('a paid checkout.session.completed completes the order once; a replay changes nothing', async () => {
    const session = await checkout(t, alice, addressId);
    standin.pay(session.sessionId);
    const event = signedEvent(SECRET, 'checkout.session.completed', sessionOf(session.sessionId));
    const res = await deliver(t, event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const order = await getOrder(t, alice, session.orderId);
    expect(order).toMatchObject({ status: 2, statusName: 'Completed', expiresAt: null });
    expect(order.paidAt).not.toBeNull();
    expect(await cartBookIds(t, alice)).toEqual([]);
    expect(await stockOf(t, 'Middlemarch')).toBe(8);

    // The same event again, even after the customer put the book back in the cart.
    await fillCart(t, alice, { [bookId]: 1 });
    expect((await deliver(t, event)).statusCode).toBe(200);
    expect((await getOrder(t, alice, session.orderId)).history.map((h) => h.status)).toEqual([1, 2]);
    expect(await cartBookIds(t, alice)).toHaveLength(1);
    await t.app.jobs.runDue();
    const mail = await smtp.nextMail(alice.emailAddress);
    expect(mail.subject).toContain(orderNo(session.orderId));
    expect(mail.text).toContain('Middlemarch');
    expect(mail.text).toContain('Dhs 87.80');
    expect(mail.text).toContain('Jumeirah');
    expect(confirmations(smtp, alice.emailAddress, orderNo(session.orderId))).toHaveLength(1);
  });

  it('refuses a tampered, stale, foreign-secret or missing signature with 400 and changes nothing', async () => {
    const session = await checkout(t, alice, addressId);
    standin.pay(session.sessionId);
    const good = signedEvent(SECRET, 'checkout.session.completed', sessionOf(session.sessionId));
    const tampered = {
      payload: good.payload.replace('"livemode":false', '"livemode":true'),
      signature: good.signature,
    };
    const stale = signedEvent(SECRET, 'checkout.session.completed', sessionOf(session.sessionId), {
      timestamp: Math.floor(Date.now() / 1000) - 6 * 60,
    });
    const foreign = signedEvent('whsec_someone_else', 'checkout.session.completed', sessionOf(session.sessionId));
    for (const event of [
      tampered,
      stale,
      foreign,
      { payload: good.payload },
      { payload: good.payload, signature: 't=1,v1=00' },
    ]) {
      const res = await deliver(t, event);
      expectProblem(res, 400);
    }
    expect((await getOrder(t, alice, session.orderId)).status).toBe(1);
    // The good one still works: the refusals did not record its id.
    expect((await deliver(t, good)).statusCode).toBe(200);
    expect((await getOrder(t, alice, session.orderId)).status).toBe(2);
  });

  it('refuses a correctly signed event dated 10 minutes ahead (400, nothing changes); one minute ahead is accepted', async () => {
    const session = await checkout(t, alice, addressId);
    standin.pay(session.sessionId);
    const inSeconds = (offset: number) =>
      signedEvent(SECRET, 'checkout.session.completed', sessionOf(session.sessionId), {
        timestamp: Math.floor(Date.now() / 1000) + offset,
      });
    expectProblem(await deliver(t, inSeconds(10 * 60)), 400);
    expect((await getOrder(t, alice, session.orderId)).status).toBe(1);
    expect(await stockOf(t, 'Middlemarch')).toBe(8);
    expect((await deliver(t, inSeconds(60))).statusCode).toBe(200);
    expect((await getOrder(t, alice, session.orderId)).status).toBe(2);
  });

  it('acknowledges other event types and unknown sessions with 200 and ignores them', async () => {
    const session = await checkout(t, alice, addressId);
    const other = signedEvent(SECRET, 'payment_intent.created', { id: 'pi_123', object: 'payment_intent' });
    expect((await deliver(t, other)).statusCode).toBe(200);
    const unknown = signedEvent(SECRET, 'checkout.session.expired', {
      ...sessionOf(session.sessionId),
      id: 'cs_test_somebody_else',
      client_reference_id: null,
      metadata: {},
    });
    expect((await deliver(t, unknown)).statusCode).toBe(200);
    expect((await getOrder(t, alice, session.orderId)).status).toBe(1);
  });

  it('an async payment waits on completed-unpaid, then async_payment_failed cancels and releases', async () => {
    const session = await checkout(t, alice, addressId);
    const processing = { ...sessionOf(session.sessionId), status: 'complete', payment_status: 'unpaid' };
    expect((await deliver(t, signedEvent(SECRET, 'checkout.session.completed', processing))).statusCode).toBe(200);
    expect((await getOrder(t, alice, session.orderId)).status).toBe(1);
    expect(await stockOf(t, 'Middlemarch')).toBe(8);
    expect(
      (await deliver(t, signedEvent(SECRET, 'checkout.session.async_payment_failed', processing))).statusCode,
    ).toBe(200);
    expect((await getOrder(t, alice, session.orderId)).status).toBe(3);
    expect(await stockOf(t, 'Middlemarch')).toBe(10);
    expect(await cartBookIds(t, alice)).toHaveLength(1);
  });

  it('async_payment_succeeded fulfils', async () => {
    const session = await checkout(t, alice, addressId);
    standin.pay(session.sessionId);
    const paid = sessionOf(session.sessionId);
    expect((await deliver(t, signedEvent(SECRET, 'checkout.session.async_payment_succeeded', paid))).statusCode).toBe(
      200,
    );
    expect((await getOrder(t, alice, session.orderId)).status).toBe(2);
  });
});

describe('fulfilment happens once, whatever arrives and in whichever order', () => {
  for (const order of [
    ['webhook', 'success', 'webhook', 'success'],
    ['success', 'webhook', 'success', 'webhook'],
  ] as const) {
    it(`${order.join(' → ')}: one Completed order, one mail, one stock decrement, the cart emptied once`, async () => {
      const session = await checkout(t, alice, addressId);
      standin.pay(session.sessionId);
      const event = signedEvent(SECRET, 'checkout.session.completed', sessionOf(session.sessionId));
      for (const step of order) {
        const res = step === 'webhook' ? await deliver(t, event) : await success(session.sessionId);
        expect(res.statusCode, res.body).toBe(200);
        if (step === 'success') expect(res.json<Order>().status).toBe(2);
        // The customer fills the cart again between arrivals: a late duplicate must not empty it.
        await fillCart(t, alice, { [bookId]: 1 });
      }
      const final = await getOrder(t, alice, session.orderId);
      expect(final.history.map((h) => h.status)).toEqual([1, 2]);
      expect(await stockOf(t, 'Middlemarch')).toBe(8);
      expect(await cartBookIds(t, alice)).toHaveLength(1);
      await t.app.jobs.runDue();
      await smtp.nextMail(alice.emailAddress);
      await t.app.jobs.runDue();
      expect(confirmations(smtp, alice.emailAddress, orderNo(session.orderId))).toHaveLength(1);
    });
  }
});

describe('expiry and reconciliation', () => {
  it('a payment that raced the expiry is fulfilled: the job asks Stripe to expire first and Stripe says paid', async () => {
    const session = await checkout(t, alice, addressId);
    standin.pay(session.sessionId);
    await expireNow(t, session.orderId);
    await t.app.jobs.runDue();
    expect((await getOrder(t, alice, session.orderId)).status).toBe(2);
    expect(await stockOf(t, 'Middlemarch')).toBe(8);
    expect(standin.requests.some((r) => r.path === `/v1/checkout/sessions/${session.sessionId}/expire`)).toBe(true);
  });

  it('an unpaid session is expired at Stripe, its order cancelled and its copies released', async () => {
    const session = await checkout(t, alice, addressId);
    await expireNow(t, session.orderId);
    await t.app.jobs.runDue();
    expect(sessionOf(session.sessionId).status).toBe('expired');
    expect((await getOrder(t, alice, session.orderId)).status).toBe(3);
    expect(await stockOf(t, 'Middlemarch')).toBe(10);
  });

  it('reconciliation completes a paid order whose webhook was lost', async () => {
    await t.app.jobs.runDue();
    await t.db.execute(sql`update jobs set run_at = now() + interval '1 hour' where key = 'every:checkout.reconcile'`);
    const session = await checkout(t, alice, addressId);
    standin.pay(session.sessionId);
    // No webhook arrives and the customer closed the tab before the success page.
    await t.app.jobs.runDue();
    expect((await getOrder(t, alice, session.orderId)).status).toBe(1);
    await t.db.execute(sql`update jobs set run_at = now() where key = 'every:checkout.reconcile'`);
    await t.app.jobs.runDue();
    expect((await getOrder(t, alice, session.orderId)).status).toBe(2);
    expect(await cartBookIds(t, alice)).toEqual([]);
  });

  it('the cancel page expires the session first: a paid one is fulfilled, not cancelled', async () => {
    const session = await checkout(t, alice, addressId);
    standin.pay(session.sessionId);
    const res = await callAs(t, 'GET', `/api/v1/checkout/checkout-cancelled?sessionId=${session.sessionId}`, alice);
    expect(res.json<Order>().status).toBe(2);
  });
});

describe('a newer checkout replaces the open one (decision 057)', () => {
  it('expires the replaced session at Stripe before its copies go back; a payment that completes anyway is honoured once', async () => {
    const replaced = await checkout(t, alice, addressId);
    await fillCart(t, alice, { [bookId]: 3 });
    const current = await checkout(t, alice, addressId);
    expect(current.sessionId).not.toBe(replaced.sessionId);
    expect(sessionOf(replaced.sessionId).status).toBe('expired');
    const expiredAt = standin.requests.findIndex(
      (r) => r.path === `/v1/checkout/sessions/${replaced.sessionId}/expire`,
    );
    const createdAt = standin.requests.findIndex(
      (r) =>
        r.path === '/v1/checkout/sessions' &&
        r.status === 200 &&
        JSON.stringify(r.body).includes(`"client_reference_id":"${current.orderId}"`),
    );
    expect(expiredAt).toBeGreaterThanOrEqual(0);
    expect(expiredAt).toBeLessThan(createdAt);
    expect((await getOrder(t, alice, replaced.orderId)).status).toBe(3);
    expect(await stockOf(t, 'Middlemarch')).toBe(7);

    // The other tab's payment went through before the expiry reached it: its event still counts.
    const paid = {
      ...sessionOf(replaced.sessionId),
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_test_other_tab',
    };
    const event = signedEvent(SECRET, 'checkout.session.completed', paid);
    expect((await deliver(t, event)).statusCode).toBe(200);
    expect((await deliver(t, event)).statusCode).toBe(200);
    expect((await getOrder(t, alice, replaced.orderId)).history.map((h) => h.status)).toEqual([1, 3, 2]);
    expect((await getOrder(t, alice, current.orderId)).status).toBe(1);
    expect(await stockOf(t, 'Middlemarch')).toBe(5);
  });
});

describe('a payment for an order already cancelled', () => {
  it('is honoured when the copies are still there', async () => {
    const session = await checkout(t, alice, addressId);
    // The order was cancelled (its expiry event), then the payment went through anyway.
    await deliver(
      t,
      signedEvent(SECRET, 'checkout.session.expired', { ...sessionOf(session.sessionId), status: 'expired' }),
    );
    expect((await getOrder(t, alice, session.orderId)).status).toBe(3);
    expect(await stockOf(t, 'Middlemarch')).toBe(10);
    standin.pay(session.sessionId);
    await deliver(t, signedEvent(SECRET, 'checkout.session.completed', sessionOf(session.sessionId)));
    const order = await getOrder(t, alice, session.orderId);
    expect(order.history.map((h) => h.status)).toEqual([1, 3, 2]);
    expect(await stockOf(t, 'Middlemarch')).toBe(8);
  });

  it('is refunded through Stripe when the copies are gone', async () => {
    const session = await checkout(t, alice, addressId);
    await deliver(
      t,
      signedEvent(SECRET, 'checkout.session.expired', { ...sessionOf(session.sessionId), status: 'expired' }),
    );
    await t.db.execute(sql`update books set stock_quantity = 1 where id = ${bookId}`);
    const paid = standin.pay(session.sessionId);
    await deliver(t, signedEvent(SECRET, 'checkout.session.completed', sessionOf(session.sessionId)));
    await t.app.jobs.runDue();
    expect((await getOrder(t, alice, session.orderId)).status).toBe(3);
    expect(await stockOf(t, 'Middlemarch')).toBe(1);
    const refunds = standin.requests.filter((r) => r.path === '/v1/refunds' && r.status === 200);
    expect(refunds).toHaveLength(1);
    expect(JSON.stringify(refunds[0]!.body)).toContain(paid.payment_intent!);
  });
});
