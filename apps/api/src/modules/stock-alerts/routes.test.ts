import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RoleName } from '@bookshop/contracts/enums';
import { StockAlertMessages, type StockAlertList } from '@bookshop/contracts/stock-alerts';
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
import { addAddress, checkout, expireNow, fillCart } from '../checkout/testing.ts';
import { STOCK_ALERTS_JOB } from './service.ts';

/** Back-in-stock alerts (issue 22, decision 082): the customer's routes and the one e-mail. */
const { t, smtp } = useTestApp({ mail: true, quietJobs: true, env: { PUBLIC_URL: 'http://shop.test' } });
let alice: TestAccount;
let bob: TestAccount;
let supervisor: TestAccount;

beforeAll(async () => {
  alice = await createCustomer(t, { firstName: 'Alice' });
  bob = await createCustomer(t);
  supervisor = await createStaff(t, RoleName.Supervisor);
});

const soldOut = (title: string) => t.catalogue.createBook(testBook({ title, stockQuantity: 0 }));
const ask = (bookId: unknown, who: TestAccount = alice) => callAs(t, 'POST', '/api/v1/stock-alerts', who, { bookId });
const alertsOf = async (who: TestAccount) => {
  const res = await callAs(t, 'GET', '/api/v1/stock-alerts', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StockAlertList>();
};
const receive = async (bookId: number, delta: number, who = supervisor) => {
  const res = await callAs(t, 'POST', `/api/v1/books/${bookId}/stock-movements`, who, { delta, reason: 'received' });
  expect(res.statusCode, res.body).toBe(201);
};
/** Runs the due jobs, then the mails they queued. */
const runJobs = async () => {
  await t.app.jobs.runDue();
  await t.app.jobs.runDue();
};
const mailsAbout = (title: string, who: TestAccount) =>
  smtp.mails.filter((mail) => mail.to.includes(who.emailAddress.toLowerCase()) && mail.subject.includes(title));

describe('asking to be told when a book is back', () => {
  it('answers 201, then 200 when asked again, and lists the alert with the title', async () => {
    const book = await soldOut('Alert Listed');
    expect((await ask(book)).statusCode).toBe(201);
    expect((await ask(book)).statusCode).toBe(200);
    const alerts = await alertsOf(alice);
    expect(alerts.filter((alert) => alert.bookId === book)).toEqual([
      { bookId: book, title: 'Alert Listed', createdAt: expect.any(String) },
    ]);
    // Another customer's list does not show it.
    expect((await alertsOf(bob)).some((alert) => alert.bookId === book)).toBe(false);
  });

  it('refuses a book in stock (409), an unknown or hidden book (404) and a bad id (400)', async () => {
    const inStock = await t.catalogue.createBook(testBook({ title: 'Alert In Stock', stockQuantity: 3 }));
    const res = await ask(inStock);
    expectProblem(res, 409);
    expect(res.json<{ detail: string }>().detail).toBe(StockAlertMessages.inStock);

    expectProblem(await ask(9_999_999), 404);
    const hidden = await soldOut('Alert Hidden');
    await t.db.execute(sql`update books set is_active = false where id = ${hidden}`);
    expectProblem(await ask(hidden), 404);

    expectValidationError(await ask('abc'), 'bookId');
  });

  it('answers 401 without a token and 403 to staff', async () => {
    const book = await soldOut('Alert Guarded');
    expectProblem(await callAs(t, 'POST', '/api/v1/stock-alerts', undefined, { bookId: book }), 401);
    expectProblem(await callAs(t, 'GET', '/api/v1/stock-alerts'), 401);
    expectProblem(await callAs(t, 'DELETE', `/api/v1/stock-alerts/${book}`), 401);
    expectProblem(await ask(book, supervisor), 403);
    expectProblem(await callAs(t, 'GET', '/api/v1/stock-alerts', supervisor), 403);
    expectProblem(await callAs(t, 'DELETE', `/api/v1/stock-alerts/${book}`, supervisor), 403);
  });

  it("deletes the customer's own alert (204), and 404 when there is none", async () => {
    const book = await soldOut('Alert Removed');
    await ask(book, alice);
    await ask(book, bob);
    // Bob removing his own leaves Alice's.
    expect((await callAs(t, 'DELETE', `/api/v1/stock-alerts/${book}`, bob)).statusCode).toBe(204);
    expectProblem(await callAs(t, 'DELETE', `/api/v1/stock-alerts/${book}`, bob), 404);
    expect((await alertsOf(alice)).some((alert) => alert.bookId === book)).toBe(true);
    expect((await callAs(t, 'DELETE', `/api/v1/stock-alerts/${book}`, alice)).statusCode).toBe(204);
    expect((await alertsOf(alice)).some((alert) => alert.bookId === book)).toBe(false);
    expectValidationError(await callAs(t, 'DELETE', '/api/v1/stock-alerts/x', alice), 'bookId');
  });
});

describe('when the book comes back', () => {
  it("writes to a reader who prefers Arabic in Arabic, with the book's Arabic title and its Arabic page", async () => {
    const layla = await createCustomer(t, { firstName: 'ليلى', preferredLanguage: 'ar' });
    const book = await t.catalogue.createBook(
      testBook({ title: 'The Broken Wings', titleAr: 'الأجنحة المتكسرة', stockQuantity: 0 }),
    );
    await ask(book, layla);
    await receive(book, 2);
    await runJobs();
    const mail = await smtp.nextMail(layla.emailAddress);
    expect(mail.subject).toBe('عاد الأجنحة المتكسرة إلى المخزون');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.text).toContain('مرحبًا ليلى،');
    expect(mail.text).toContain('خبر سار: عاد الأجنحة المتكسرة إلى المخزون');
    // The book page's key stays the English title.
    expect(mail.links).toEqual([`http://shop.test/ar/books/${encodeURIComponent('The Broken Wings')}`]);
  });

  it('e-mails each waiting customer once, with the book link, and uses the alert up', async () => {
    const book = await soldOut('Alert Returned');
    await ask(book, alice);
    await ask(book, bob);
    await receive(book, 4);
    // Queued with the stock change: a second receipt before the job runs adds no second job.
    await receive(book, 1);
    const waiting = await rows(
      t.db,
      sql`select 1 from jobs where kind = ${STOCK_ALERTS_JOB} and payload->>'bookId' = ${String(book)}`,
    );
    expect(waiting).toHaveLength(1);
    await runJobs();
    const mail = await smtp.nextMail(alice.emailAddress);
    expect(mail.subject).toBe('Alert Returned is back in stock');
    expect(mail.text).toContain('Hello Alice,');
    expect(mail.text).toContain('http://shop.test/books/Alert%20Returned');
    await smtp.nextMail(bob.emailAddress);
    expect((await alertsOf(alice)).some((alert) => alert.bookId === book)).toBe(false);

    // The job again (a retry): nobody is mailed twice.
    await t.app.jobs.enqueue(t.db, STOCK_ALERTS_JOB, { bookId: book });
    await runJobs();
    expect(mailsAbout('Alert Returned', alice)).toHaveLength(1);
    expect(mailsAbout('Alert Returned', bob)).toHaveLength(1);

    // In stock now: a new alert is refused.
    expectProblem(await ask(book), 409);
  });

  it("waits when the book is sold out again before the job runs, and mails when an unpaid order's copy comes back", async () => {
    const book = await soldOut('Alert Sold Again');
    await ask(book, alice);
    await receive(book, 1);
    // A customer buys the copy before the job runs: Alice's alert waits for the next time.
    const addressId = await addAddress(t, bob);
    await fillCart(t, bob, { [book]: 1 });
    const { orderId } = await checkout(t, bob, addressId);
    await runJobs();
    expect(mailsAbout('Alert Sold Again', alice)).toHaveLength(0);
    expect((await alertsOf(alice)).some((alert) => alert.bookId === book)).toBe(true);

    // Bob's order ends unpaid: its copy comes back, and that is a return to stock too.
    await expireNow(t, orderId);
    for (let round = 0; round < 2; round++) await runJobs();
    await smtp.nextMail(alice.emailAddress);
    expect(mailsAbout('Alert Sold Again', alice)).toHaveLength(1);
    expect((await alertsOf(alice)).some((alert) => alert.bookId === book)).toBe(false);
  });
});
