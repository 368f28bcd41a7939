import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RoleName } from '@bookshop/contracts/enums';
import { OrderMessages, type StaffOrder } from '@bookshop/contracts/orders';
import {
  callAs,
  createCustomer,
  createStaff,
  expectProblem,
  expectValidationError,
  testBook,
  type TestAccount,
  type TestApp,
} from '../../test/app.ts';
import type { MailCatcher } from '../../test/mail-catcher.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import {
  addAddress,
  cartBookIds,
  checkout,
  deliver,
  fillCart,
  payOnSandboxPage,
  signedEvent,
  stockOf,
} from '../checkout/testing.ts';
import { rows } from '../../platform/db.ts';
import { csvCell } from './service.ts';

/** Staff cancel orders (refunding paid ones) and export them as CSV; decision 033. */

const reason = 'Customer asked by phone';
const cancel = (t: TestApp, id: number, who?: TestAccount, body: unknown = { status: 3, reason }) =>
  callAs(t, 'PATCH', `/api/v1/orders/${id}/status`, who, body);
const mailsAbout = (smtp: MailCatcher, to: string, id: number) =>
  smtp.mails.filter((m) => m.to.includes(to.toLowerCase()) && m.subject.includes(`BK-${String(id).padStart(6, '0')}`));

describe('with the sandbox provider', () => {
  const { t, smtp } = useTestApp({ mail: true, env: { PUBLIC_URL: 'http://shop.test' }, quietJobs: true });
  let alice: TestAccount;
  let addressId: number;
  let bookId: number;
  const staff = {} as Record<'newUser' | 'user' | 'supervisor' | 'admin', TestAccount>;

  beforeAll(async () => {
    bookId = await t.catalogue.createBook(testBook({ title: 'Persuasion', priceFils: 5000, stockQuantity: 20 }));
    alice = await createCustomer(t, { userName: '=cmd|calc', firstName: 'Alice' });
    addressId = await addAddress(t, alice);
    staff.newUser = await createStaff(t, RoleName.NewUser);
    staff.user = await createStaff(t, RoleName.User);
    staff.supervisor = await createStaff(t, RoleName.Supervisor);
    staff.admin = await createStaff(t, RoleName.Admin);
  });

  async function pendingOrder(copies = 2) {
    await fillCart(t, alice, { [bookId]: copies });
    return checkout(t, alice, addressId);
  }
  async function paidOrder(copies = 2) {
    const session = await pendingOrder(copies);
    expect((await payOnSandboxPage(t, session.url)).statusCode).toBeLessThan(400);
    await t.app.jobs.runDue();
    const order = (await callAs(t, 'GET', `/api/v1/orders/${session.orderId}`, staff.user)).json<StaffOrder>();
    expect(order.status).toBe(2);
    return session;
  }

  it('who may cancel: no token 401, customer, New User and User 403, unknown id 404', async () => {
    const { orderId } = await pendingOrder(1);
    expectProblem(await cancel(t, orderId), 401);
    expectProblem(await cancel(t, orderId, alice), 403);
    expectProblem(await cancel(t, orderId, staff.newUser), 403);
    expectProblem(await cancel(t, orderId, staff.user), 403);
    expectProblem(await cancel(t, 999_999, staff.supervisor), 404);
    expect((await cancel(t, orderId, staff.admin)).statusCode).toBe(200);
  });

  it('refuses a bad body naming the field', async () => {
    const { orderId } = await pendingOrder(1);
    expectValidationError(
      await cancel(t, orderId, staff.supervisor, { status: 2, reason }),
      'status',
      OrderMessages.onlyCancel,
    );
    expectValidationError(
      await cancel(t, orderId, staff.supervisor, { status: 3 }),
      'reason',
      OrderMessages.reasonRequired,
    );
    expectValidationError(
      await cancel(t, orderId, staff.supervisor, { status: 3, reason: 'x'.repeat(501) }),
      'reason',
      OrderMessages.reasonMax,
    );
    expectValidationError(await cancel(t, 0, staff.supervisor), 'id');
    // No open checkout is left behind for the next test to replace (decision 057).
    expect((await cancel(t, orderId, staff.supervisor)).statusCode).toBe(200);
  });

  it('a Pending order: cancelled with the reason, copies released, the cart untouched, one e-mail; a second cancel 409', async () => {
    const before = await stockOf(t, 'Persuasion');
    const { orderId, sessionId } = await pendingOrder(2);
    await fillCart(t, alice, { [bookId]: 1 });
    expect(await stockOf(t, 'Persuasion')).toBe(before - 2);
    const res = await cancel(t, orderId, staff.supervisor);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json<StaffOrder>();
    expect(order).toMatchObject({
      id: orderId,
      status: 3,
      statusName: 'Cancelled',
      cancelReason: reason,
      refundStatus: null,
      customerEmail: alice.emailAddress,
    });
    expect(order.history.map((h) => h.status)).toEqual([1, 3]);
    expect(await stockOf(t, 'Persuasion')).toBe(before);
    expect(await cartBookIds(t, alice)).toEqual([expect.objectContaining({ id: bookId, quantity: 1 })]);
    // The hosted page can no longer be paid.
    const session = await t.app.payments.retrieveSession(sessionId);
    expect(session?.status).toBe('expired');
    const again = await cancel(t, orderId, staff.admin);
    expectProblem(again, 409);
    expect(again.json().detail).toBe(OrderMessages.alreadyCancelled);
    await t.app.jobs.runDue();
    const mails = mailsAbout(smtp, alice.emailAddress, orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('cancelled');
    expect(mails[0]!.text).toContain(reason);
    // Greeted by first name; from a no-reply sender, so it names support's address (also its Reply-To).
    expect(mails[0]!.text).toMatch(/^Hello Alice,/);
    expect(mails[0]!.text).not.toMatch(/reply to this/i);
    expect(mails[0]!.text).toContain('write to us at support@bookshop.local');
    expect(mails[0]!.replyTo).toBe('support@bookshop.local');
  });

  it('a Completed order: cancelled, copies back, refunded once through the sandbox, one e-mail naming the amount', async () => {
    const before = await stockOf(t, 'Persuasion');
    const { orderId, sessionId } = await paidOrder(2);
    expect(await stockOf(t, 'Persuasion')).toBe(before - 2);
    const res = await cancel(t, orderId, staff.supervisor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffOrder>()).toMatchObject({ status: 3, refundStatus: 'pending', cancelReason: reason });
    expect(await stockOf(t, 'Persuasion')).toBe(before);
    await t.app.jobs.runDue();
    const order = (await callAs(t, 'GET', `/api/v1/orders/${orderId}`, staff.user)).json<StaffOrder>();
    expect(order.refundStatus).toBe('refunded');
    expect(order.history.map((h) => h.status)).toEqual([1, 2, 3]);
    const refunds = await rows<{ id: string; idempotency_key: string }>(
      t.db,
      sql`select id, idempotency_key from sandbox_refunds where session_id = ${sessionId}`,
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.id).toMatch(/^re_/);
    expect(refunds[0]!.idempotency_key).toBe(`refund-order-${orderId}`);
    expectProblem(await cancel(t, orderId, staff.admin), 409);
    // The customer's success page afterwards must not revive the order.
    await callAs(t, 'GET', `/api/v1/checkout/checkout-success?sessionId=${sessionId}`, alice);
    expect((await callAs(t, 'GET', `/api/v1/orders/${orderId}`, staff.user)).json<StaffOrder>().status).toBe(3);
    expect(await stockOf(t, 'Persuasion')).toBe(before);
    const [confirmed] = mailsAbout(smtp, alice.emailAddress, orderId).filter((m) => m.subject.includes('confirmed'));
    // The address as a person reads it: the country by name, the phone grouped (stored as +971501234567).
    expect(confirmed!.text.replaceAll('\r\n', '\n')).toContain('Hello Alice,\n\nThank you for your order');
    expect(confirmed!.text).toContain('Dubai, United Arab Emirates');
    expect(confirmed!.text).toContain('+971 50 123 4567');
    expect(confirmed!.replyTo).toBe('support@bookshop.local');
    const mails = mailsAbout(smtp, alice.emailAddress, orderId).filter((m) => m.subject.includes('cancelled'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('refunded');
    expect(mails[0]!.text).toContain(`Dhs ${order.total.toFixed(2)}`);
  });

  it('a refund the provider refuses is marked failed for staff', async () => {
    const { orderId, sessionId } = await paidOrder(1);
    // Someone refunded it at the provider already, under another key.
    await t.app.payments.refund({ sessionId, idempotencyKey: 'elsewhere' });
    await cancel(t, orderId, staff.supervisor);
    await t.app.jobs.runDue();
    const order = (await callAs(t, 'GET', `/api/v1/orders/${orderId}`, staff.user)).json<StaffOrder>();
    expect(order.refundStatus).toBe('failed');
  });

  describe('GET v1/orders/export.csv', () => {
    const exportCsv = (who?: TestAccount, query = '') => callAs(t, 'GET', `/api/v1/orders/export.csv${query}`, who);
    const parse = (body: string) =>
      body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');

    it('who may export: no token 401, customer and New User 403, User, Supervisor and Admin 200', async () => {
      expectProblem(await exportCsv(), 401);
      expectProblem(await exportCsv(alice), 403);
      expectProblem(await exportCsv(staff.newUser), 403);
      for (const who of [staff.user, staff.supervisor, staff.admin])
        expect((await exportCsv(who)).statusCode).toBe(200);
    });

    it('a CSV attachment with a header row, one line per order newest first, Dubai time, formulas neutralised', async () => {
      const { orderId } = await pendingOrder(3);
      await t.db.execute(
        sql`update orders set created_at = '2026-03-14T21:30:00Z', city = '+971 "Dubai", Marina' where id = ${orderId}`,
      );
      const res = await exportCsv(staff.user, '?from=2026-03-14&to=2026-03-14');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = parse(res.body);
      expect(lines[0]).toBe(
        'Order number,Date (Dubai),Customer e-mail,Customer user name,Status,Items,Total (AED),Delivery method,City,Country,Refund status,' +
          'Fulfilment,Payment method,Recipient,Address,Emirate,Phone,Books,Cash to collect (AED)',
      );
      expect(lines).toHaveLength(2);
      const number = `BK-${String(orderId).padStart(6, '0')}`;
      expect(
        lines[1]!.startsWith(
          `${number},2026-03-15 01:30,${alice.emailAddress},'=cmd|calc,Pending,3,165.00,Standard Delivery,"'+971 ""Dubai"", Marina",AE,,Unfulfilled,Card,`,
        ),
        lines[1],
      ).toBe(true);
    });

    it('hands the courier the packed orders: recipient, address, emirate, phone as dialled, books, cash to collect', async () => {
      const paid = await paidOrder(2);
      expect(
        (await callAs(t, 'PATCH', `/api/v1/orders/${paid.orderId}/fulfilment`, staff.supervisor, { status: 'packed' }))
          .statusCode,
      ).toBe(200);
      const order = (await callAs(t, 'GET', `/api/v1/orders/${paid.orderId}`, staff.user)).json<StaffOrder>();
      const { address } = order;
      const packed = parse((await exportCsv(staff.user, '?fulfilmentStatus=packed')).body).slice(1);
      const line = packed.find((l) => l.startsWith(`${order.orderNumber},`));
      const title = order.items[0]!.title;
      expect(line).toBeDefined();
      expect(
        line!.endsWith(
          `,Packed,Card,${csvCell(address.recipientName!)},${csvCell(address.zipCode ? `${address.address}, ${address.zipCode}` : address.address)},${address.emirate ?? ''},${csvCell(address.phoneNo)},${csvCell(`${title} × 2`)},0.00`,
        ),
        line,
      ).toBe(true);
      expect(address.phoneNo).toMatch(/^\+\d+$/);
      for (const l of packed) expect(l).toContain(',Packed,');

      // Cash on delivery still owed is the whole total, until the courier collects it.
      const cod = await pendingOrder(1);
      await t.db.execute(
        sql`update orders set payment_method = 'cod', fulfilment_status = 'packed' where id = ${cod.orderId}`,
      );
      const codOrder = (await callAs(t, 'GET', `/api/v1/orders/${cod.orderId}`, staff.user)).json<StaffOrder>();
      const codLine = parse((await exportCsv(staff.user, '?fulfilmentStatus=packed')).body).find((l) =>
        l.startsWith(`${codOrder.orderNumber},`),
      );
      expect(codLine!.endsWith(`,${codOrder.total.toFixed(2)}`), codLine).toBe(true);
      expect(codLine).toContain(',Cash on delivery,');
    });

    it('filters as the list does and refuses bad filters', async () => {
      const { orderId } = await pendingOrder(1);
      expect((await cancel(t, orderId, staff.admin)).statusCode).toBe(200);
      const all = parse((await exportCsv(staff.user)).body);
      const list = (await callAs(t, 'GET', '/api/v1/orders?pageSize=25', staff.user)).json<{
        data: StaffOrder[];
        paginationDetails: { noOfRecords: number };
      }>();
      expect(all).toHaveLength(list.paginationDetails.noOfRecords + 1);
      expect(all.slice(1, 26).map((line) => line.split(',')[0])).toEqual(list.data.map((o) => o.orderNumber));
      const cancelled = parse((await exportCsv(staff.user, '?status=3')).body).slice(1);
      expect(cancelled.length).toBeGreaterThan(0);
      for (const line of cancelled) expect(line).toContain(',Cancelled,');
      expect(parse((await exportCsv(staff.user, '?customer=nobody-like-this')).body)).toHaveLength(1);
      expectValidationError(await exportCsv(staff.user, '?from=2026-02-30'), 'from', OrderMessages.dateInvalid);
      expectValidationError(await exportCsv(staff.user, '?status=9'), 'status', OrderMessages.statusInvalid);
    });

    it('streams past one batch', async () => {
      await t.db.execute(sql`
        insert into orders (customer_id, status, created_at, expires_at, delivery_method_code, delivery_method_name,
                            delivery_fee_fils, items_total_fils, discount_total_fils, total_fils, address, country, city,
                            phone_no, provider)
        select ${alice.id}, 2, '2020-01-01T00:00:00Z'::timestamptz + (n % 7) * interval '1 second', now(), 'standard',
               'Standard Delivery', 0, 100, 0, 100, 'x', 'AE', 'Dubai', '050', 'sandbox'
        from generate_series(1, 2500) n`);
      const lines = parse((await exportCsv(staff.user, '?to=2020-01-01')).body);
      expect(lines).toHaveLength(2501);
      expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(2500);
    });
  });
});

describe('csvCell', () => {
  it('quotes as RFC 4180 says and neutralises spreadsheet formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`).startsWith(`'`) || csvCell(`${start}1+1`).startsWith(`"'`)).toBe(true);
    expect(csvCell(12)).toBe('12');
  });
});

describe('with Stripe through the local stand-in', () => {
  const SECRET = 'whsec_staff_cancel_tests_0123456789';
  const { t, smtp, standin } = useTestApp({ stripeWebhookSecret: SECRET, mail: true, quietJobs: true });
  let alice: TestAccount;
  let supervisor: TestAccount;
  let addressId: number;
  let bookId: number;

  beforeAll(async () => {
    bookId = await t.catalogue.createBook(testBook({ title: 'Sanditon', priceFils: 4000, stockQuantity: 10 }));
    alice = await createCustomer(t);
    supervisor = await createStaff(t, RoleName.Supervisor);
    addressId = await addAddress(t, alice);
  });

  it('a paid order is refunded once with the order idempotency key, stock back, one e-mail', async () => {
    await fillCart(t, alice, { [bookId]: 2 });
    const session = await checkout(t, alice, addressId);
    standin.pay(session.sessionId);
    await deliver(t, signedEvent(SECRET, 'checkout.session.completed', standin.sessions.get(session.sessionId)!));
    expect(await stockOf(t, 'Sanditon')).toBe(8);
    const res = await cancel(t, session.orderId, supervisor);
    expect(res.statusCode, res.body).toBe(200);
    expectProblem(await cancel(t, session.orderId, supervisor), 409);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const refunds = standin.requests.filter((r) => r.path === '/v1/refunds' && r.status === 200);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.idempotencyKey).toBe(`refund-order-${session.orderId}`);
    expect(await stockOf(t, 'Sanditon')).toBe(10);
    const order = (await callAs(t, 'GET', `/api/v1/orders/${session.orderId}`, supervisor)).json<StaffOrder>();
    expect(order.refundStatus).toBe('refunded');
    expect(
      mailsAbout(smtp, alice.emailAddress, session.orderId).filter((m) => m.subject.includes('refunded')),
    ).toHaveLength(1);
  });

  it('a Pending order paid meanwhile is fulfilled first, then cancelled and refunded', async () => {
    await fillCart(t, alice, { [bookId]: 1 });
    const session = await checkout(t, alice, addressId);
    standin.pay(session.sessionId);
    const res = await cancel(t, session.orderId, supervisor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffOrder>().history.map((h) => h.status)).toEqual([1, 2, 3]);
    await t.app.jobs.runDue();
    expect(standin.requests.filter((r) => r.path === '/v1/refunds' && r.status === 200)).toHaveLength(2);
    expect(await stockOf(t, 'Sanditon')).toBe(10);
  });
});
