import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RoleName } from '@bookshop/contracts/enums';
import { AuthMessages } from '@bookshop/contracts/auth';
import { OrderMessages, OrderSchema, StaffOrderSchema, type Order, type StaffOrder } from '@bookshop/contracts/orders';
import type { Page } from '@bookshop/contracts/pagination';
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
import { addAddress, checkout, fillCart } from '../checkout/testing.ts';

const { t } = useTestApp();
let alice: TestAccount;
let bob: TestAccount;
let staff: TestAccount;
let newUser: TestAccount;
let supervisor: TestAccount;
let admin: TestAccount;
const placed: { alice: number[]; bob: number[] } = { alice: [], bob: [] };

beforeAll(async () => {
  const emma = await t.catalogue.createBook(testBook({ title: 'Emma', stockQuantity: 50 }));
  alice = await createCustomer(t, { firstName: 'Alice', lastName: 'Liddell', userName: `alice-${Date.now()}` });
  bob = await createCustomer(t, { firstName: 'Bob', lastName: 'Builder' });
  staff = await createStaff(t, RoleName.User);
  newUser = await createStaff(t, RoleName.NewUser);
  supervisor = await createStaff(t, RoleName.Supervisor);
  admin = await createStaff(t, RoleName.Admin);
  const aliceAddress = await addAddress(t, alice);
  const bobAddress = await addAddress(t, bob);
  for (let i = 0; i < 6; i++) {
    await fillCart(t, alice, { [emma]: 1 });
    const { orderId } = await checkout(t, alice, aliceAddress);
    placed.alice.push(orderId);
    // A customer has one open checkout (decision 057): set each aside so the next is a new order.
    await t.db.execute(sql`update orders set status = 2 where id = ${orderId}`);
  }
  await t.db.execute(sql`update orders set status = 1 where customer_id = ${alice.id}`);
  await fillCart(t, bob, { [emma]: 2 });
  placed.bob.push((await checkout(t, bob, bobAddress)).orderId);
  // Alice's first order was cancelled; her first two were placed last week.
  const [first, second] = placed.alice;
  await t.db.execute(sql`update orders set status = 3 where id = ${first!}`);
  await t.db.execute(sql`update orders set created_at = '2026-01-10T10:00:00Z' where id = ${first!}`);
  await t.db.execute(sql`update orders set created_at = '2026-01-12T23:30:00Z' where id = ${second!}`);
});

const get = <T>(url: string, who: TestAccount) =>
  callAs(t, 'GET', url, who).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  });

describe('GET v1/orders/customer', () => {
  it("lists only the caller's orders, newest first, paged", async () => {
    const page = await get<Page<Order>>('/api/v1/orders/customer?pageSize=5', alice);
    expect(page.paginationDetails).toEqual({ currentPage: 1, totalPages: 2, noOfRecords: 6, pageSize: 5 });
    expect(page.data.map((o) => o.id)).toEqual(placed.alice.slice(1).reverse());
    const next = await get<Page<Order>>('/api/v1/orders/customer?pageSize=5&pageNo=2', alice);
    expect(next.data.map((o) => o.id)).toEqual([placed.alice[0]]);
    expect((await get<Page<Order>>('/api/v1/orders/customer', bob)).data.map((o) => o.id)).toEqual(placed.bob);
  });

  it('filters by status and refuses an unknown one', async () => {
    const cancelled = await get<Page<Order>>('/api/v1/orders/customer?status=3', alice);
    expect(cancelled.data.map((o) => o.id)).toEqual([placed.alice[0]]);
    expectValidationError(
      await callAs(t, 'GET', '/api/v1/orders/customer?status=7', alice),
      'status',
      OrderMessages.statusInvalid,
    );
  });
});

describe('GET v1/orders (staff)', () => {
  it('lists every order newest first with who placed it', async () => {
    const page = await get<Page<StaffOrder>>('/api/v1/orders', staff);
    expect(page.paginationDetails.noOfRecords).toBe(7);
    expect(page.data[0]).toMatchObject({
      id: placed.bob[0],
      customerEmail: bob.emailAddress,
      customerUserName: bob.userName,
    });
    expect(page.data[1]).toMatchObject({
      id: placed.alice[5],
      customerEmail: alice.emailAddress,
      customerUserName: alice.userName,
    });
    expect(page.data.map((o) => o.id)).toEqual([
      placed.bob[0],
      ...placed.alice.slice(2).reverse(),
      placed.alice[1],
      placed.alice[0],
    ]);
  });

  it('filters by status, dates (inclusive, UTC) and part of the e-mail or name', async () => {
    const ids = async (query: string) =>
      (await get<Page<StaffOrder>>(`/api/v1/orders?${query}`, staff)).data.map((o) => o.id);
    expect(await ids('status=3')).toEqual([placed.alice[0]]);
    expect(await ids('from=2026-01-10&to=2026-01-12')).toEqual([placed.alice[1], placed.alice[0]]);
    expect(await ids('from=2026-01-11&to=2026-01-12')).toEqual([placed.alice[1]]);
    expect(await ids('to=2026-01-10')).toEqual([placed.alice[0]]);
    expect(await ids(`customer=${encodeURIComponent(bob.emailAddress.slice(0, 12).toUpperCase())}`)).toEqual(
      placed.bob,
    );
    expect(await ids('customer=liddell')).toEqual([...placed.alice].reverse());
    expect(await ids('customer=alice%20lid')).toHaveLength(6);
    // LIKE wildcards are matched literally.
    expect(await ids('customer=%25')).toEqual([]);
  });

  it('refuses bad filters with their messages', async () => {
    expectValidationError(
      await callAs(t, 'GET', '/api/v1/orders?from=2026-02-30', staff),
      'from',
      OrderMessages.dateInvalid,
    );
    expectValidationError(
      await callAs(t, 'GET', '/api/v1/orders?from=2026-02-02&to=2026-02-01', staff),
      'to',
      OrderMessages.dateRange,
    );
    expectValidationError(
      await callAs(t, 'GET', `/api/v1/orders?customer=${'x'.repeat(101)}`, staff),
      'customer',
      OrderMessages.customerMax,
    );
  });

  it('a deleted account keeps its orders, anonymised', async () => {
    const carol = await createCustomer(t);
    const address = await addAddress(t, carol);
    const emma = (await get<Page<Order>>('/api/v1/orders/customer', bob)).data[0]!.items[0]!.bookId;
    await fillCart(t, carol, { [emma]: 1 });
    const { orderId } = await checkout(t, carol, address);
    const res = await callAs(t, 'DELETE', '/api/v1/customers/account', carol, { password: carol.password });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const order = await get<StaffOrder>(`/api/v1/orders/${orderId}`, staff);
    expect(order.address.city).toBe('Dubai');
    const row = (await get<Page<StaffOrder>>(`/api/v1/orders?customer=deleted-account-${carol.id}`, staff)).data;
    expect(row.map((o) => o.id)).toEqual([orderId]);
    expect(row[0]!.customerEmail).not.toBe(carol.emailAddress);
    expectProblem(await callAs(t, 'GET', `/api/v1/orders/${orderId}`, carol), 401);
  });
});

describe('GET v1/orders/{id}', () => {
  const url = (id: number) => `/api/v1/orders/${id}`;
  const keysOf = (schema: typeof OrderSchema | typeof StaffOrderSchema) => Object.keys(schema.shape).sort();
  /** The staff list's row for order `id`, to compare the order page's answer with. */
  const listRow = async (id: number, customer: TestAccount) =>
    (
      await get<Page<StaffOrder>>(
        `/api/v1/orders?pageSize=25&customer=${encodeURIComponent(customer.emailAddress)}`,
        staff,
      )
    ).data.find((row) => row.id === id);

  it.each([
    ['User', () => staff],
    ['Supervisor', () => supervisor],
    ['Admin', () => admin],
  ])('a %s gets any order in the staff shape, as the staff list shows it', async (_role, who) => {
    const id = placed.bob[0]!;
    const order = await get<StaffOrder>(url(id), who());
    expect(Object.keys(order).sort()).toEqual(keysOf(StaffOrderSchema));
    expect(order).toMatchObject({ id, customerEmail: bob.emailAddress, customerUserName: bob.userName });
    expect(order).toEqual(await listRow(id, bob));
  });

  it('a cancelled order shows staff its reason, refund status and whole history', async () => {
    const emma = (await get<Order>(url(placed.bob[0]!), bob)).items[0]!.bookId;
    const dora = await createCustomer(t);
    const address = await addAddress(t, dora);
    await fillCart(t, dora, { [emma]: 1 });
    const { orderId } = await checkout(t, dora, address);
    const reason = 'Out of print';
    const cancelled = await callAs(t, 'PATCH', `${url(orderId)}/status`, supervisor, { status: 3, reason });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // A paid order's refund is asked of the provider by a job; its status travels the same way.
    await t.db.execute(sql`update orders set refund_status = 'failed' where id = ${orderId}`);

    const order = await get<StaffOrder>(url(orderId), staff);
    expect(order).toMatchObject({
      status: 3,
      statusName: 'Cancelled',
      cancelReason: reason,
      refundStatus: 'failed',
      customerEmail: dora.emailAddress,
    });
    expect(order.history.map((entry) => entry.statusName)).toEqual(['Pending', 'Cancelled']);
    expect(order).toEqual(await listRow(orderId, dora));
    // The customer reads the same order, without who placed it.
    const own = await get<Order>(url(orderId), dora);
    expect(Object.keys(own).sort()).toEqual(keysOf(OrderSchema));
    expect(own).toEqual(OrderSchema.parse(order));
  });

  it("a customer gets their own order in the customer shape, and 404 for anyone else's", async () => {
    const own = await get<Order>(url(placed.alice[1]!), alice);
    expect(Object.keys(own).sort()).toEqual(keysOf(OrderSchema));
    expect(own).not.toHaveProperty('customerEmail');
    const res = await callAs(t, 'GET', url(placed.bob[0]!), alice);
    expectProblem(res, 404);
    expect(res.json<{ detail: string }>().detail).toBe(OrderMessages.notFound);
    // An order that does not exist answers the same as another customer's: no hint either way.
    const unknown = await callAs(t, 'GET', url(999_999), alice);
    const { requestId: _, ...problem } = res.json<{ requestId: string }>();
    expect(unknown.json()).toEqual({ ...problem, requestId: expect.any(String) });
  });

  it('refuses a New User (403) and a guest (401); staff get 404 for an unknown order and 400 for a bad id', async () => {
    const waiting = await callAs(t, 'GET', url(placed.bob[0]!), newUser);
    expectProblem(waiting, 403);
    expect(waiting.json<{ detail: string }>().detail).toBe(AuthMessages.awaitingApproval);
    expectProblem(await callAs(t, 'GET', url(placed.bob[0]!)), 401);
    expectProblem(await callAs(t, 'GET', url(999_999), staff), 404);
    expectValidationError(await callAs(t, 'GET', '/api/v1/orders/abc', staff), 'id', OrderMessages.idInvalid);
  });
});

describe('testMode', () => {
  const views = async (id: number, customer: TestAccount) => {
    const own = await get<Order>(`/api/v1/orders/${id}`, customer);
    const ownRow = (await get<Page<Order>>('/api/v1/orders/customer?pageSize=25', customer)).data.find(
      (o) => o.id === id,
    );
    const staffOrder = await get<StaffOrder>(`/api/v1/orders/${id}`, staff);
    const staffRow = (await get<Page<StaffOrder>>('/api/v1/orders?pageSize=25', staff)).data.find((o) => o.id === id);
    return [own.testMode, ownRow?.testMode, staffOrder.testMode, staffRow?.testMode];
  };

  it('is true, in every view, for an order placed through the TEST MODE sandbox', async () => {
    expect(await views(placed.bob[0]!, bob)).toEqual([true, true, true, true]);
  });

  it("is the order's own: one placed through Stripe stays false after the shop restarts on the sandbox", async () => {
    const [stripeOrder] = placed.alice.slice(-1);
    // As checkout wrote it while STRIPE_SECRET_KEY was set; this app runs the sandbox.
    await t.db.execute(sql`update orders set provider = 'stripe' where id = ${stripeOrder!}`);
    expect(await views(stripeOrder!, alice)).toEqual([false, false, false, false]);
    expect(await views(placed.alice[1]!, alice)).toEqual([true, true, true, true]);
  });
});
