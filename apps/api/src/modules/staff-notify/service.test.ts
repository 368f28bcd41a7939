import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderNumber } from '@bookshop/contracts/orders';
import { RoleName } from '@bookshop/contracts/enums';
import { callAs, createCustomer, createStaff, testBook, type TestAccount } from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { rows } from '../../platform/db.ts';
import { addAddress, completePurchase, fillCart } from '../checkout/testing.ts';
import { STAFF_NOTIFY_INTERVAL_SECONDS, STAFF_NOTIFY_JOB } from './service.ts';

/** Staff hear of new paid orders by e-mail, batched at most once a minute (issue 22, decision 079). */
const STAFF = 'orders@bookshop.test';
const { t, smtp } = useTestApp({
  mail: true,
  env: { STAFF_NOTIFY_EMAIL: STAFF, PUBLIC_URL: 'http://shop.test' },
  quietJobs: true,
});
let alice: TestAccount;
let book: number;

beforeAll(async () => {
  book = await t.catalogue.createBook(testBook({ title: 'Staff Notify Book', priceFils: 4000, stockQuantity: 50 }));
  alice = await createCustomer(t);
});

const staffMails = () => smtp.mails.filter((mail) => mail.to.includes(STAFF));
/** The waiting send jobs: how many seconds until each is due, and whether it is due on a whole minute. */
const waitingSends = () =>
  rows<{ id: number; due_in: number; on_minute: boolean }>(
    t.db,
    sql`select id, extract(epoch from run_at - now())::float8 as due_in,
               date_trunc('minute', run_at) = run_at as on_minute
        from jobs where kind = ${STAFF_NOTIFY_JOB} and done_at is null and failed_at is null`,
  );
/** An event waits for a send not yet due (never one already running), at the next whole minute. */
const expectWaitingForNextMinute = (waiting: Awaited<ReturnType<typeof waitingSends>>) => {
  for (const send of waiting) {
    expect(send.due_in).toBeGreaterThan(0);
    expect(send.due_in).toBeLessThanOrEqual(STAFF_NOTIFY_INTERVAL_SECONDS);
    expect(send.on_minute).toBe(true);
  }
};
/**
 * The minute has not come yet for the waiting send, however slow the test: without this a busy
 * machine that reached the whole minute between the check above and the run would send it.
 */
const minuteNotYet = () =>
  t.db.execute(
    sql`update jobs set run_at = now() + interval '1 minute' where kind = ${STAFF_NOTIFY_JOB} and done_at is null`,
  );
/** The minute passes for the waiting send. */
const minutePasses = () =>
  t.db.execute(sql`update jobs set run_at = now() where kind = ${STAFF_NOTIFY_JOB} and done_at is null`);
/** Runs every due job, then the mails they queued. */
const runJobs = async () => {
  await t.app.jobs.runDue();
  await t.app.jobs.runDue();
};

describe('the staff e-mail of new paid orders', () => {
  it('waits a minute, then lists every order paid meanwhile in one e-mail, once', async () => {
    const first = await completePurchase(t, alice, [book]);
    const second = await completePurchase(t, alice, [book]);
    // One send waits for both (two if the minute turned between them).
    const waiting = await waitingSends();
    expect(waiting.length).toBeGreaterThanOrEqual(1);
    expect(waiting.length).toBeLessThanOrEqual(2);
    expectWaitingForNextMinute(waiting);
    await minuteNotYet();
    await runJobs();
    expect(staffMails()).toHaveLength(0);

    await minutePasses();
    await runJobs();
    const mail = await smtp.nextMail(STAFF);
    expect(staffMails()).toHaveLength(1);
    expect(mail.subject).toBe('2 new paid orders');
    for (const id of [first, second]) {
      expect(mail.text).toContain(`${orderNumber(id)} paid Dhs 55.00: 1 book, Standard Delivery to Dubai`);
      expect(mail.text).toContain(`http://shop.test/admin/dashboard/orders/${id}`);
    }

    // A send that runs again (a retried job) finds nothing new and mails nobody.
    await t.app.jobs.enqueue(t.db, STAFF_NOTIFY_JOB, {});
    await runJobs();
    expect(staffMails()).toHaveLength(1);
  });

  it('tells of an order paid after an e-mail in the next one, on a later minute', async () => {
    const before = staffMails().length;
    const third = await completePurchase(t, alice, [book]);
    const waiting = await waitingSends();
    expect(waiting).toHaveLength(1);
    expectWaitingForNextMinute(waiting);
    await minutePasses();
    await runJobs();
    const mail = await smtp.nextMail(STAFF);
    expect(staffMails()).toHaveLength(before + 1);
    expect(mail.subject).toBe(`New paid order ${orderNumber(third)}`);
    expect(mail.text).not.toContain(orderNumber(third - 1));
  });
});

describe('the staff e-mail of cash-on-delivery orders and return requests', () => {
  it('tells of a cash-on-delivery order when it is placed, naming the cash to collect', async () => {
    await minutePasses();
    await runJobs();
    const before = staffMails().length;
    const addressId = await addAddress(t, alice);
    await fillCart(t, alice, { [book]: 1 });
    const placed = await callAs(t, 'POST', '/api/v1/checkout/create-session', alice, {
      addressId,
      deliveryMethod: 'standard',
      paymentMethod: 'cod',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId } = placed.json<{ orderId: number }>();
    await minutePasses();
    await runJobs();
    const mail = await smtp.nextMail(STAFF);
    expect(staffMails()).toHaveLength(before + 1);
    expect(mail.subject).toBe(`New cash-on-delivery order ${orderNumber(orderId)}`);
    expect(mail.text).toMatch(new RegExp(`${orderNumber(orderId)} cash on delivery Dhs [\\d.,]+: 1 book`));
    expect(mail.text).toContain(`http://shop.test/admin/dashboard/orders/${orderId}`);
  });

  it('tells of a return request with its books, refund and reason', async () => {
    const packer = await createStaff(t, RoleName.Supervisor);
    const orderId = await completePurchase(t, alice, [book]);
    const shipped = await callAs(t, 'POST', `/api/v1/orders/${orderId}/shipments`, packer, {
      carrier: 'aramex',
      trackingNumber: '35123456789',
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const shipmentId = shipped.json<{ shipments: { id: number }[] }>().shipments[0]!.id;
    const delivered = await callAs(t, 'PATCH', `/api/v1/orders/${orderId}/shipments/${shipmentId}`, packer, {
      status: 'delivered',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    await minutePasses();
    await runJobs();
    expect((await smtp.nextMail(STAFF)).subject).toBe(`New paid order ${orderNumber(orderId)}`);
    const before = staffMails().length;
    const asked = await callAs(t, 'POST', `/api/v1/orders/${orderId}/returns`, alice, {
      lines: [{ bookId: book, quantity: 1 }],
      reason: 'The spine arrived cracked.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    await minutePasses();
    await runJobs();
    const mail = await smtp.nextMail(STAFF);
    expect(staffMails()).toHaveLength(before + 1);
    expect(mail.subject).toBe(`Return requested for ${orderNumber(orderId)}`);
    expect(mail.text).toContain(
      `${orderNumber(orderId)} return asked for: 1 book, Dhs 40.00 — The spine arrived cracked.`,
    );
  });
});
