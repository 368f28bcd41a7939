import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CancelReasons } from '@bookshop/contracts/orders';
import { createCustomer, testBook, type TestAccount } from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { addAddress, checkout, deliver, fillCart, getOrder, signedEvent, stockOf } from '../checkout/testing.ts';
import { lockWaits, untilWaiting } from '../../test/lock-waits.ts';

/**
 * The customer presses Cancel on an unpaid order at the moment its bank payment (an async
 * payment: the session is complete, its money still processing) succeeds. Only the order's row
 * lock keeps them apart: without it the cancellation reads Pending before the fulfilment commits
 * and writes Cancelled over Completed, so both win (a sold order cancelled, its copies back).
 *
 * The test holds the order's row itself, queues the two requests behind it in a chosen order
 * (watching PostgreSQL's lock waits), then lets go: the first in the queue must win and the
 * second must find its result. PGlite runs one transaction at a time, so PostgreSQL only.
 */

const SECRET = 'whsec_unpaid_concurrency_0123456789';

describe.skipIf(!process.env.DATABASE_URL)('cancel against the webhook that pays the order (PostgreSQL)', () => {
  const { t, standin, second } = useTestApp({ stripeWebhookSecret: SECRET, secondInstance: true });

  /**
   * A Pending order whose session is complete with its payment processing, and the
   * async_payment_succeeded event that will pay it.
   */
  async function processingOrder(alice: TestAccount, addressId: number, bookId: number) {
    await fillCart(t, alice, { [bookId]: 2 });
    const session = await checkout(t, alice, addressId);
    const paid = { ...standin.pay(session.sessionId) };
    // At the provider it is still processing: expiring it (the cancel's first step) changes nothing.
    standin.sessions.get(session.sessionId)!.payment_status = 'unpaid';
    return { orderId: session.orderId, event: signedEvent(SECRET, 'checkout.session.async_payment_succeeded', paid) };
  }

  /** Holds the order's row while `first` then `second` queue behind it; answers both when it lets go. */
  async function queued<A, B>(orderId: number, first: () => Promise<A>, then: () => Promise<B>) {
    const before = await lockWaits(t.db);
    let answers!: Promise<[A, B]>;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from orders where id = ${orderId} for update`);
      const a = first();
      await untilWaiting(t.db, before + 1, "the order's row");
      const b = then();
      await untilWaiting(t.db, before + 2, "the order's row");
      answers = Promise.all([a, b]);
    });
    return answers;
  }

  it('the payment queued first completes the order; the cancel then gets 409 and releases nothing', async () => {
    const bookId = await t.catalogue.createBook(testBook({ title: 'Paid First', stockQuantity: 50 }));
    const alice = await createCustomer(t);
    const addressId = await addAddress(t, alice);
    for (let round = 0; round < 3; round++) {
      const { orderId, event } = await processingOrder(alice, addressId, bookId);
      const held = await stockOf(t, 'Paid First');
      const [webhook, cancel] = await queued(
        orderId,
        () => deliver(t, event),
        () => second.app.inject({ method: 'POST', url: `/api/v1/orders/${orderId}/cancel`, headers: alice.headers }),
      );
      expect(webhook.statusCode, webhook.body).toBe(200);
      expect(cancel.statusCode, cancel.body).toBe(409);
      const order = await getOrder(t, alice, orderId);
      expect(order.history.map((h) => h.status)).toEqual([1, 2]);
      expect(order.cancelReason).toBeNull();
      expect(await stockOf(t, 'Paid First')).toBe(held);
    }
  }, 60_000);

  it('the cancel queued first wins; the payment that follows is refunded, never revived', async () => {
    const bookId = await t.catalogue.createBook(testBook({ title: 'Cancelled First', stockQuantity: 50 }));
    const alice = await createCustomer(t);
    const addressId = await addAddress(t, alice);
    for (let round = 0; round < 3; round++) {
      const { orderId, event } = await processingOrder(alice, addressId, bookId);
      const held = await stockOf(t, 'Cancelled First');
      const [cancel, webhook] = await queued(
        orderId,
        () => second.app.inject({ method: 'POST', url: `/api/v1/orders/${orderId}/cancel`, headers: alice.headers }),
        () => deliver(t, event),
      );
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(webhook.statusCode, webhook.body).toBe(200);
      const order = await getOrder(t, alice, orderId);
      expect(order.history.map((h) => h.status)).toEqual([1, 3]);
      expect(order.cancelReason).toBe(CancelReasons.byCustomer);
      expect(order.refundStatus).toBe('pending');
      // The copies went back on the instance that cancelled; the other hears of stock moved by a
      // customer's order within its caches' age (decision 064), not at once.
      expect(await stockOf(second, 'Cancelled First')).toBe(held + 2);
    }
  }, 60_000);
});
