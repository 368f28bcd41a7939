import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@bookshop/contracts/dashboard';
import { RoleName } from '@bookshop/contracts/enums';
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
import { rows } from '../../platform/db.ts';
import { createDashboardService } from './service.ts';

/** The dashboard's figures against a known dataset, with the clock fixed in Dubai's afternoon (decision 033). */

const { t } = useTestApp();
let alice: TestAccount;
let bookA: number;
let bookB: number;
// 14:00 in Dubai on 15 March 2026.
const NOW = new Date('2026-03-15T10:00:00Z');

async function order(fields: {
  status: number;
  createdAt: string;
  paidAt?: string;
  totalFils: number;
  lines: [number, number, number][];
}) {
  const [inserted] = await rows<{ id: number }>(
    t.db,
    sql`
    insert into orders (customer_id, status, created_at, paid_at, expires_at, delivery_method_code, delivery_method_name,
                        delivery_fee_fils, items_total_fils, discount_total_fils, total_fils, address, country, city,
                        phone_no, provider)
    values (${alice.id}, ${fields.status}, ${fields.createdAt}::timestamptz, ${fields.paidAt ?? null}::timestamptz,
            ${fields.createdAt}::timestamptz, 'standard', 'Standard Delivery', 0, ${fields.totalFils}, 0,
            ${fields.totalFils}, 'x', 'AE', 'Dubai', '050', 'sandbox')
    returning id`,
  );
  const id = inserted!.id;
  for (const [bookId, quantity, priceFils] of fields.lines)
    await t.db.execute(sql`
      insert into order_items (order_id, book_id, title, price_fils, discount_percentage, discounted_price_fils, quantity)
      values (${id}, ${bookId}, 'sold title', ${priceFils}, 0, ${priceFils}, ${quantity})`);
  return id;
}

beforeAll(async () => {
  alice = await createCustomer(t);
  bookA = await t.catalogue.createBook(testBook({ title: 'Alpha', stockQuantity: 3 }));
  bookB = await t.catalogue.createBook(testBook({ title: 'Beta', stockQuantity: 50 }));
  await t.catalogue.createBook(testBook({ title: 'Gamma', stockQuantity: 0 }));
  // Paid at 21:30 UTC on the 14th: 01:30 on the 15th in Dubai, so today.
  await order({
    status: 2,
    createdAt: '2026-03-14T21:00:00Z',
    paidAt: '2026-03-14T21:30:00Z',
    totalFils: 10000,
    lines: [[bookA, 2, 5000]],
  });
  // Paid at 19:30 UTC on the 14th: 23:30 on the 14th in Dubai, so yesterday.
  await order({
    status: 2,
    createdAt: '2026-03-14T19:00:00Z',
    paidAt: '2026-03-14T19:30:00Z',
    totalFils: 4000,
    lines: [[bookB, 1, 4000]],
  });
  // Eight Dubai days ago: only in 30d.
  await order({
    status: 2,
    createdAt: '2026-03-07T08:00:00Z',
    paidAt: '2026-03-07T08:05:00Z',
    totalFils: 30000,
    lines: [[bookB, 6, 5000]],
  });
  // Cancelled after payment (refunded): counted nowhere in revenue.
  await order({
    status: 3,
    createdAt: '2026-03-15T05:00:00Z',
    paidAt: '2026-03-15T05:01:00Z',
    totalFils: 99900,
    lines: [[bookA, 9, 11100]],
  });
  // Pending today.
  await order({ status: 1, createdAt: '2026-03-15T06:00:00Z', totalFils: 2000, lines: [[bookB, 1, 2000]] });
  // Customers: one signed up today (Dubai), one yesterday, one last month.
  await t.db.execute(sql`update accounts set created_at = '2026-03-14T20:30:00Z' where id = ${alice.id}`);
  const bob = await createCustomer(t);
  await t.db.execute(sql`update accounts set created_at = '2026-03-14T19:59:00Z' where id = ${bob.id}`);
  const carol = await createCustomer(t);
  await t.db.execute(sql`update accounts set created_at = '2026-01-01T00:00:00Z' where id = ${carol.id}`);
});

const dashboard = () => createDashboardService({ db: t.db, now: () => NOW });

describe('dashboard figures', () => {
  it('today: the Dubai day, so an order paid at 21:30 UTC yesterday counts and one at 19:30 UTC does not', async () => {
    const today = await dashboard().get('today');
    expect(today).toMatchObject({
      range: 'today',
      from: '2026-03-15',
      to: '2026-03-15',
      revenue: 100,
      paidOrders: 1,
      averageOrderValue: 100,
      newCustomers: 1,
    });
    expect(today.ordersByStatus).toEqual([
      { status: 1, statusName: 'Pending', count: 1 },
      { status: 2, statusName: 'Completed', count: 1 },
      { status: 3, statusName: 'Cancelled', count: 1 },
    ]);
    expect(today.bestSellers).toEqual([{ bookId: bookA, title: 'Alpha', copies: 2, revenue: 100 }]);
    expect(today.revenueByDay).toEqual([{ date: '2026-03-15', revenue: 100, paidOrders: 1 }]);
  });

  it('7d: seven days ending today, every day present', async () => {
    const week = await dashboard().get('7d');
    expect(week).toMatchObject({
      from: '2026-03-09',
      to: '2026-03-15',
      revenue: 140,
      paidOrders: 2,
      averageOrderValue: 70,
      newCustomers: 2,
    });
    expect(week.revenueByDay).toHaveLength(7);
    expect(week.revenueByDay.at(-2)).toEqual({ date: '2026-03-14', revenue: 40, paidOrders: 1 });
    expect(week.revenueByDay[0]).toEqual({ date: '2026-03-09', revenue: 0, paidOrders: 0 });
  });

  it('30d: best sellers by copies, low stock of five or fewer, fewest first', async () => {
    const month = await dashboard().get('30d');
    expect(month).toMatchObject({ from: '2026-02-14', revenue: 440, paidOrders: 3 });
    expect(month.revenueByDay).toHaveLength(30);
    expect(month.bestSellers.map((b) => [b.title, b.copies])).toEqual([
      ['Beta', 7],
      ['Alpha', 2],
    ]);
    expect(month.lowStock.map((b) => [b.title, b.stockQuantity])).toEqual([
      ['Gamma', 0],
      ['Alpha', 3],
    ]);
  });

  it('an empty range answers zeros and a full calendar', async () => {
    const empty = await createDashboardService({ db: t.db, now: () => new Date('2025-06-01T12:00:00Z') }).get('7d');
    expect(empty).toMatchObject({ revenue: 0, paidOrders: 0, averageOrderValue: 0, newCustomers: 0, bestSellers: [] });
    expect(empty.ordersByStatus.map((s) => s.count)).toEqual([0, 0, 0]);
    expect(empty.revenueByDay.map((d) => d.revenue)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('staff asking at the same moment', () => {
  it('share one statement per range while it runs; a later call runs its own and sees new orders', async () => {
    let statements = 0;
    const counted = {
      execute: (query: Parameters<typeof t.db.execute>[0]) => {
        statements++;
        return t.db.execute(query);
      },
    } as unknown as typeof t.db;
    const service = createDashboardService({ db: counted, now: () => NOW });

    // A range of settled days is three statements the first time: today and yesterday (with the
    // figures not summed by day), the settled days, the best sellers' titles (decision 099).
    const [first, second, week] = await Promise.all([service.get('30d'), service.get('30d'), service.get('7d')]);
    expect(statements).toBe(6);
    expect(second).toEqual(first);
    expect(week.range).toBe('7d');

    await order({
      status: 2,
      createdAt: '2026-03-15T07:00:00Z',
      paidAt: '2026-03-15T07:05:00Z',
      totalFils: 2500,
      lines: [[bookB, 1, 2500]],
    });
    const later = await service.get('30d');
    // By the database's clock that order is months old: its settled days are summed again.
    expect(statements).toBe(9);
    expect(later.paidOrders).toBe(first.paidOrders + 1);
  });
});

describe('the days before yesterday, kept (decision 099)', () => {
  const daysAgo = (days: number, minutes = 0) =>
    new Date(Date.now() - days * 86_400_000 - minutes * 60_000).toISOString();

  it('are summed once and reused until an order of theirs changes, with the answer one statement would give', async () => {
    let statements = 0;
    const counted = {
      execute: (query: Parameters<typeof t.db.execute>[0]) => {
        statements++;
        return t.db.execute(query);
      },
    } as unknown as typeof t.db;
    const service = createDashboardService({ db: counted });
    const fresh = () => createDashboardService({ db: t.db }).get('30d');

    const old = await order({
      status: 2,
      createdAt: daysAgo(10, 10),
      paidAt: daysAgo(10),
      totalFils: 7000,
      lines: [[bookA, 2, 3500]],
    });
    const before = await service.get('30d');
    expect(statements).toBe(3);
    expect(before).toEqual(await fresh());

    // Today's sale is read live; the settled days are not read again.
    await order({
      status: 2,
      createdAt: daysAgo(0),
      paidAt: daysAgo(0),
      totalFils: 2500,
      lines: [[bookB, 1, 2500]],
    });
    const withToday = await service.get('30d');
    expect(statements).toBe(5);
    expect(withToday.paidOrders).toBe(before.paidOrders + 1);
    expect(withToday).toEqual(await fresh());

    // Staff refund the order of ten days ago: its day is summed again at once.
    await t.db.execute(sql`update orders set status = 3, cancelled_at = now() where id = ${old}`);
    const refunded = await service.get('30d');
    expect(statements).toBe(8);
    expect(refunded.paidOrders).toBe(before.paidOrders);
    expect(refunded.revenue).toBe(withToday.revenue - 70);
    expect(refunded).toEqual(await fresh());
  });

  it('a change of another column of an old order, or of a book, keeps them', async () => {
    const generation = async () =>
      (await rows<{ generation: string }>(t.db, sql`select generation from dashboard_generation`))[0]!.generation;
    const old = await order({ status: 2, createdAt: daysAgo(5, 5), paidAt: daysAgo(5), totalFils: 900, lines: [] });
    const at = await generation();
    await t.db.execute(sql`update orders set phone_no = '0501111111' where id = ${old}`);
    await order({ status: 1, createdAt: daysAgo(0), totalFils: 900, lines: [[bookB, 1, 900]] });
    expect(await generation()).toBe(at);
    await t.db.execute(sql`update orders set total_fils = 1000 where id = ${old}`);
    expect(Number(await generation())).toBe(Number(at) + 1);
  });
});

describe('GET v1/dashboard', () => {
  it('no token 401, customer and New User 403; User, Supervisor and Admin 200 with the schema; a bad range 400', async () => {
    expectProblem(await callAs(t, 'GET', '/api/v1/dashboard'), 401);
    expectProblem(await callAs(t, 'GET', '/api/v1/dashboard', alice), 403);
    expectProblem(await callAs(t, 'GET', '/api/v1/dashboard', await createStaff(t, RoleName.NewUser)), 403);
    for (const role of [RoleName.User, RoleName.Supervisor, RoleName.Admin]) {
      const res = await callAs(t, 'GET', '/api/v1/dashboard?range=30d', await createStaff(t, role));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Dashboard>().revenueByDay).toHaveLength(30);
    }
    const user = await createStaff(t, RoleName.User);
    expect((await callAs(t, 'GET', '/api/v1/dashboard', user)).json<Dashboard>().range).toBe('today');
    expectValidationError(await callAs(t, 'GET', '/api/v1/dashboard?range=1y', user), 'range');
  });
});
