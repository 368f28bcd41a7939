import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutMessages } from '@bookshop/contracts/checkout';
import { buildApp } from '../../app.ts';
import { openPostgres, rows, type DatabaseHandle } from '../../platform/db.ts';
import { createCustomer, createTestApp, testBook, type TestAccount, type TestApp } from '../../test/app.ts';
import { addAddress, countRows, fillCart, stockOf } from './testing.ts';

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
    other: answers.filter((res) => res.statusCode !== 201 && res.statusCode !== 409).map((res) => `${res.statusCode} ${res.body}`),
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
    await countRows(t, sql`select coalesce(sum(quantity), 0) as n from order_items i join orders o on o.id = i.order_id where i.book_id = ${bookId} and o.status = 1`),
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
  let second: { app: TestApp['app']; handle: DatabaseHandle };
  beforeAll(async () => {
    t = await createTestApp();
    // A second API instance with its own connection pool on the same database, as two servers behind a load balancer.
    const [{ name }] = (await rows<{ name: string }>(t.db, sql`select current_database() as name`)) as [{ name: string }];
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const handle = await openPostgres(url.toString(), 4, t.config.dbTimeouts);
    second = { app: await buildApp({ config: t.config, db: handle.db }), handle };
  });
  afterAll(async () => {
    await second.app.close();
    await second.handle.close();
    await t.close();
  });

  it('two API instances sharing one database never oversell either', async () => {
    await expectNoOversell(t, [t.app, second.app], 'Five Copies, Two Servers');
  }, 120_000);

  it('checkouts taking the same books in opposite cart order do not deadlock', async () => {
    const a = await t.catalogue.createBook(testBook({ title: 'Deadlock A', stockQuantity: 100 }));
    const b = await t.catalogue.createBook(testBook({ title: 'Deadlock B', stockQuantity: 100 }));
    const buyers: Buyer[] = [];
    for (let i = 0; i < 10; i++) {
      const who = await createCustomer(t);
      const addressId = await addAddress(t, who);
      // Half the carts list A first, half B first.
      await fillCart(t, who, i % 2 ? { [a]: 1, [b]: 1 } : { [b]: 1, [a]: 1 });
      buyers.push({ who, addressId });
    }
    const { created, other } = await rush([t.app, second.app], buyers);
    expect(other).toEqual([]);
    expect(created).toBe(10);
    expect(await stockOf(t, 'Deadlock A')).toBe(90);
    expect(await stockOf(t, 'Deadlock B')).toBe(90);
  }, 120_000);
});
