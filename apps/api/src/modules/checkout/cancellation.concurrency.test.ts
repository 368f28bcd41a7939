import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RoleName } from '@bookshop/contracts/enums';
import { rows } from '../../platform/db.ts';
import { createCustomer, createStaff, testBook } from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { addAddress, checkout, deliver, fillCart, signedEvent, stockOf } from './testing.ts';

/**
 * Two staff members cancel the same paid order at the same moment, on two API instances. Only
 * the order's row lock makes one of them win: without it both see Completed, both return the
 * copies and both e-mail the customer. PGlite runs one transaction at a time, so PostgreSQL only.
 */

const SECRET = 'whsec_cancel_concurrency_0123456789';

describe.skipIf(!process.env.DATABASE_URL)('two staff cancel one paid order at once (PostgreSQL)', () => {
  const { t, smtp, standin, second } = useTestApp({ stripeWebhookSecret: SECRET, mail: true, secondInstance: true });

  it('one 200 and one 409 each round; copies returned once, one refund, one e-mail', async () => {
    const bookId = await t.catalogue.createBook(testBook({ title: 'Contested', stockQuantity: 100 }));
    const alice = await createCustomer(t);
    const addressId = await addAddress(t, alice);
    const [ann, ben] = [await createStaff(t, RoleName.Supervisor), await createStaff(t, RoleName.Admin)];
    const ROUNDS = 6;
    const orderIds: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await fillCart(t, alice, { [bookId]: 2 });
      const session = await checkout(t, alice, addressId);
      standin.pay(session.sessionId);
      await deliver(t, signedEvent(SECRET, 'checkout.session.completed', standin.sessions.get(session.sessionId)!));
      orderIds.push(session.orderId);
      const answers = await Promise.all(
        [t.app, second.app, t.app, second.app].map((app, i) =>
          app.inject({
            method: 'PATCH',
            url: `/api/v1/orders/${session.orderId}/status`,
            headers: (i % 2 ? ben : ann).headers,
            payload: { status: 3, reason: `round ${round}` },
          }),
        ),
      );
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
      expect(await stockOf(t, 'Contested')).toBe(100);
    }
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const history = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from order_status_history where status = 3 and order_id in ${orderIds}`,
    );
    expect(history[0]!.n).toBe(ROUNDS);
    const refunds = standin.requests.filter((r) => r.path === '/v1/refunds' && r.status === 200);
    expect(refunds).toHaveLength(ROUNDS);
    expect(new Set(refunds.map((r) => r.idempotencyKey)).size).toBe(ROUNDS);
    const cancellations = smtp.mails.filter(
      (m) => m.to.includes(alice.emailAddress.toLowerCase()) && m.subject.includes('cancelled'),
    );
    expect(cancellations).toHaveLength(ROUNDS);
  }, 120_000);
});
