import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutMessages } from '@bookshop/contracts/checkout';
import {
  createCustomer,
  createTestApp,
  secondInstance,
  testBook,
  type SecondInstance,
  type TestAccount,
  type TestApp,
} from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { addAddress, checkout, countRows, dubai, fillCart, getOrder, signedEvent, stockOf } from './testing.ts';

/**
 * Never oversell: 50 customers press "Proceed to Payment" at once for a book with 5 copies.
 * PGlite runs one transaction at a time, so there it shows the arithmetic; on PostgreSQL the
 * transactions really overlap and only the row locks of reserveStock keep the count right.
 */

const BUYERS = 50;
const COPIES = 5;

type Buyer = { who: TestAccount; addressId: number };

async function prepareBuyers(t: TestApp, bookId: number): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const who = await createCustomer(t);
    const addressId = await addAddress(t, who);
    await fillCart(t, who, { [bookId]: 1 });
    buyers.push({ who, addressId });
  }
  return buyers;
}

async function rush(apps: TestApp['app'][], buyers: Buyer[]) {
  const answers = await Promise.all(
    buyers.map(({ who, addressId }, i) =>
      apps[i % apps.length]!.inject({
        method: 'POST',
        url: '/api/v1/checkout/create-session',
        headers: who.headers,
        payload: { addressId, deliveryMethod: 'standard' },
      }),
    ),
  );
  return {
    created: answers.filter((res) => res.statusCode === 201).length,
    refused: answers.filter((res) => res.statusCode === 409),
    other: answers
      .filter((res) => res.statusCode !== 201 && res.statusCode !== 409)
      .map((res) => `${res.statusCode} ${res.body}`),
  };
}

async function expectNoOversell(t: TestApp, apps: TestApp['app'][], title: string) {
  const bookId = await t.catalogue.createBook(testBook({ title, stockQuantity: COPIES }));
  const buyers = await prepareBuyers(t, bookId);
  const { created, refused, other } = await rush(apps, buyers);
  expect(other).toEqual([]);
  expect(created).toBe(COPIES);
  expect(refused).toHaveLength(BUYERS - COPIES);
  for (const res of refused) expect(res.json().detail).toBe(CheckoutMessages.notEnoughStock(title, 0));
  expect(await stockOf(t, title)).toBe(0);
  expect(
    await countRows(
      t,
      sql`select coalesce(sum(quantity), 0) as n from order_items i join orders o on o.id = i.order_id where i.book_id = ${bookId} and o.status = 1`,
    ),
  ).toBe(COPIES);
}

describe('never oversell (PGlite or PostgreSQL, whichever the run uses)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`${BUYERS} concurrent checkouts for ${COPIES} copies: exactly ${COPIES} sessions and ${BUYERS - COPIES} × 409`, async () => {
    await expectNoOversell(t, [t.app], 'Five Copies');
  }, 120_000);
});

describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL', () => {
  let t: TestApp;
  let second: SecondInstance;
  beforeAll(async () => {
    t = await createTestApp();
    second = await secondInstance(t);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('two API instances sharing one database never oversell either', async () => {
    await expectNoOversell(t, [t.app, second.app], 'Five Copies, Two Servers');
  }, 120_000);
});

describe.skipIf(!process.env.DATABASE_URL)('one open checkout per customer on PostgreSQL (decision 057)', () => {
  let t: TestApp;
  let second: SecondInstance;
  beforeAll(async () => {
    t = await createTestApp();
    second = await secondInstance(t, { quietJobs: true });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const pendingOf = (who: TestAccount) =>
    countRows(t, sql`select count(*) as n from orders where customer_id = ${who.id} and status = 1`);
  const reservedBy = (who: TestAccount, bookId: number) =>
    countRows(
      t,
      sql`select coalesce(sum(quantity), 0) as n from order_items i join orders o on o.id = i.order_id
          where i.book_id = ${bookId} and o.customer_id = ${who.id} and o.status = 1`,
    );
  const createOn = (app: TestApp['app'], who: TestAccount, addressId: number, deliveryMethod = 'standard') =>
    app.inject({
      method: 'POST',
      url: '/api/v1/checkout/create-session',
      headers: who.headers,
      payload: { addressId, deliveryMethod },
    });

  it('the same cart twice at once on two instances: both answer the one session, its copies reserved once', async () => {
    const bookId = await t.catalogue.createBook(testBook({ title: 'Double Click', stockQuantity: 100 }));
    for (let round = 0; round < 5; round++) {
      const who = await createCustomer(t);
      const addressId = await addAddress(t, who);
      await fillCart(t, who, { [bookId]: 20 });
      const answers = await Promise.all([createOn(t.app, who, addressId), createOn(second.app, who, addressId)]);
      expect(answers.map((res) => `${res.statusCode} ${res.statusCode === 201 ? '' : res.body}`)).toEqual([
        '201 ',
        '201 ',
      ]);
      expect(answers[1].json()).toEqual(answers[0].json());
      expect(await pendingOf(who)).toBe(1);
      expect(await stockOf(t, 'Double Click')).toBe(80);
      await t.db.execute(sql`update orders set status = 3 where customer_id = ${who.id}`);
      await t.db.execute(sql`update books set stock_quantity = 100 where id = ${bookId}`);
    }
  }, 120_000);

  it('different carts at once on two instances: exactly one open checkout, and the stock holds only its copies', async () => {
    const bookId = await t.catalogue.createBook(
      testBook({ title: 'Two Tabs', stockQuantity: 100, nextDayEligible: true }),
    );
    for (let round = 0; round < 8; round++) {
      const who = await createCustomer(t);
      const home = await addAddress(t, who);
      const office = await addAddress(t, who, { ...dubai, city: 'Abu Dhabi' });
      await fillCart(t, who, { [bookId]: 20 });
      // One tab already has an open checkout; two more start at once, to different addresses.
      const first = await createOn(t.app, who, home);
      expect(first.statusCode, first.body).toBe(201);
      const answers = await Promise.all([createOn(t.app, who, office), createOn(second.app, who, home, 'next-day')]);
      for (const res of answers) {
        expect([201, 409], res.body).toContain(res.statusCode);
        if (res.statusCode === 409) expect(res.json().detail).toBe(CheckoutMessages.checkoutReplaced);
      }
      expect(answers.some((res) => res.statusCode === 201)).toBe(true);
      expect(await pendingOf(who)).toBe(1);
      expect(await reservedBy(who, bookId)).toBe(20);
      expect(await stockOf(t, 'Two Tabs')).toBe(80);
      await t.db.execute(sql`update orders set status = 3 where customer_id = ${who.id}`);
      await t.db.execute(sql`update books set stock_quantity = 100 where id = ${bookId}`);
    }
  }, 120_000);
});

describe.skipIf(!process.env.DATABASE_URL)('the books locked last on PostgreSQL (decision 099)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const createOn = (who: TestAccount, addressId: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/checkout/create-session',
      headers: who.headers,
      payload: { addressId, deliveryMethod: 'standard' },
    });
  /** Holds the book's row lock in a transaction of its own (with `change` made) until `release()`. */
  async function holdBook(bookId: number, change = sql`select 1`) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const held = new Promise<void>((resolve) => (locked = resolve));
    const done = t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from books where id = ${bookId} for update`);
      await tx.execute(change);
      locked();
      await released;
    });
    await held;
    return { release, done };
  }
  const waitingOnLocks = () =>
    countRows(
      t,
      sql`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );

  it('a sold-out book is refused at once, without queueing behind a checkout that holds its row', async () => {
    const bookId = await t.catalogue.createBook(testBook({ title: 'Last Copy', stockQuantity: 1 }));
    const [winner, late] = [await createCustomer(t), await createCustomer(t)];
    const [winnerAddress, lateAddress] = [await addAddress(t, winner), await addAddress(t, late)];
    await fillCart(t, winner, { [bookId]: 1 });
    await fillCart(t, late, { [bookId]: 1 });
    await checkout(t, winner, winnerAddress);
    const hold = await holdBook(bookId);
    try {
      const res = await createOn(late, lateAddress);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().detail).toBe(CheckoutMessages.notEnoughStock('Last Copy', 0));
    } finally {
      hold.release();
      await hold.done;
    }
  }, 60_000);

  it('a price changed while the order was written: the order is priced again under the lock, at the new price', async () => {
    const bookId = await t.catalogue.createBook(testBook({ title: 'Repriced', stockQuantity: 10 }));
    const who = await createCustomer(t);
    const addressId = await addAddress(t, who);
    await fillCart(t, who, { [bookId]: 2 });
    // Staff's price change holds the row: checkout reads the old price, then waits at the lock.
    const hold = await holdBook(bookId, sql`update books set price_fils = 5000 where id = ${bookId}`);
    const pending = createOn(who, addressId);
    try {
      for (let i = 0; i < 100 && (await waitingOnLocks()) === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await waitingOnLocks()).toBeGreaterThan(0);
    } finally {
      hold.release();
      await hold.done;
    }
    const res = await pending;
    expect(res.statusCode, res.body).toBe(201);
    const order = await getOrder(t, who, res.json<{ orderId: number }>().orderId);
    expect(order.items.map((item) => item.price)).toEqual([50]);
    expect(await stockOf(t, 'Repriced')).toBe(8);
    expect(await countRows(t, sql`select count(*) as n from orders where customer_id = ${who.id}`)).toBe(1);
  }, 60_000);
});

describe.skipIf(!process.env.DATABASE_URL)('fulfilment races on PostgreSQL', () => {
  const SECRET = 'whsec_concurrency_tests_0123456789';
  const { t, smtp, standin, second } = useTestApp({ stripeWebhookSecret: SECRET, mail: true, secondInstance: true });

  it('the webhook and the success page, each twice, at once on two instances: one Completed order, one mail, one decrement', async () => {
    const bookId = await t.catalogue.createBook(testBook({ title: 'Raced', stockQuantity: 100 }));
    const alice = await createCustomer(t);
    const addressId = await addAddress(t, alice);
    for (let round = 0; round < 5; round++) {
      await fillCart(t, alice, { [bookId]: 1 });
      const session = await checkout(t, alice, addressId);
      standin.pay(session.sessionId);
      const event = signedEvent(SECRET, 'checkout.session.completed', standin.sessions.get(session.sessionId)!);
      const success = (app: TestApp['app']) =>
        app.inject({
          method: 'GET',
          url: `/api/v1/checkout/checkout-success?sessionId=${session.sessionId}`,
          headers: alice.headers,
        });
      const webhook = (app: TestApp['app']) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/checkout/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
          payload: event.payload,
        });
      const answers = await Promise.all([webhook(t.app), success(second.app), webhook(second.app), success(t.app)]);
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
      const order = await getOrder(t, alice, session.orderId);
      expect(order.history.map((h) => h.status)).toEqual([1, 2]);
      expect(await stockOf(t, 'Raced')).toBe(100 - (round + 1));
    }
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const numbers = new Set(
      smtp.mails.filter((m) => m.to.includes(alice.emailAddress.toLowerCase())).map((m) => m.subject),
    );
    expect(smtp.mails.filter((m) => m.to.includes(alice.emailAddress.toLowerCase()))).toHaveLength(5);
    expect(numbers.size).toBe(5);
  }, 120_000);
});
