import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, RoleName } from '@bookshop/contracts/enums';
import { shopYear } from '@bookshop/contracts/shop-clock';
import { openPostgres, rows, type DatabaseHandle } from '../../platform/db.ts';
import { createCustomer, createStaff, testBook, type TestAccount } from '../../test/app.ts';
import { lockWaits, untilWaiting } from '../../test/lock-waits.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { addAddress, checkout, fillCart, payOnSandboxPage } from '../checkout/testing.ts';

/**
 * Invoice and credit note numbers stay gapless and unique however many orders are paid or
 * refunded at once, on however many instances (decision 085). Only the counter row's lock keeps
 * them apart: the issuing transaction raises `tax_document_counters` by one and holds that row
 * until it commits.
 *
 * The test holds `tax_documents` against inserts (reads still pass) while the requests start on
 * two instances, so they all reach their issue together, then lets go. With the counter, the first
 * waits at its insert and the others at the counter row, and each takes the next number. Without
 * it (the next number read as `max(sequence) + 1`, in `queries.nextSequence`) this test fails:
 * they all read the same number, and all but one fail on the unique index. PGlite runs one
 * transaction at a time, so PostgreSQL only.
 */
describe.skipIf(!process.env.DATABASE_URL)('tax document numbers under concurrency (PostgreSQL)', () => {
  const { t, second } = useTestApp({
    secondInstance: true,
    env: { SHOP_TRN: '100234567890003', SHOP_LEGAL_NAME: 'Bookshop Trading LLC', SHOP_ADDRESS: 'Dubai' },
  });
  const year = shopYear(Date.now());
  /** The test's own connections, to hold the table and watch the waits while both apps' pools are busy. */
  let watcher: DatabaseHandle;
  beforeAll(async () => {
    const [{ name }] = (await rows<{ name: string }>(t.db, sql`select current_database() as name`)) as [
      { name: string },
    ];
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    watcher = await openPostgres(url.toString(), 2, t.config.dbTimeouts);
  });
  afterAll(() => watcher?.close());

  /**
   * A customer's order of one copy of a book of its own, its card payment made at the provider but
   * not yet taken in. Its own book: paying for the same book on the same day updates one row of
   * the best-sellers table, whose lock would queue the payments before they reach their numbers.
   */
  let books = 0;
  async function paidAtProvider() {
    const bookId = await t.catalogue.createBook(testBook({ title: `Numbered ${++books}`, stockQuantity: 5 }));
    const customer = await createCustomer(t);
    await fillCart(t, customer, { [bookId]: 1 });
    const session = await checkout(t, customer, await addAddress(t, customer));
    expect((await payOnSandboxPage(t, session.url)).statusCode).toBeLessThan(400);
    return { customer, ...session };
  }
  /** The success page: takes the payment in, and the invoice is issued. */
  const success = (i: number, order: { customer: TestAccount; sessionId: string }) =>
    (i % 2 === 0 ? t.app : second.app).inject({
      method: 'GET',
      url: `/api/v1/checkout/checkout-success?sessionId=${order.sessionId}`,
      headers: order.customer.headers,
    });

  /** Starts `requests` while inserts into tax_documents are held, then lets them all go. */
  async function together(requests: (() => Promise<{ statusCode: number; body: string }>)[]) {
    const before = await lockWaits(watcher.db);
    let answers!: Promise<{ statusCode: number; body: string }[]>;
    await watcher.db.transaction(async (tx) => {
      await tx.execute(sql`lock table tax_documents in exclusive mode`);
      answers = Promise.all(requests.map((request) => request()));
      // Each instance has four connections: both are busy issuing.
      await untilWaiting(watcher.db, before + 6, 'a tax document number');
    });
    return answers;
  }

  const sequences = async (type: string) =>
    (
      await rows<{ sequence: number; number: string }>(
        t.db,
        sql`select sequence, number from tax_documents where type = ${type} and year = ${year} order by sequence`,
      )
    ).map((row) => {
      expect(row.number.endsWith(String(row.sequence).padStart(6, '0'))).toBe(true);
      return row.sequence;
    });
  const whole = (found: number[]) => expect(found).toEqual(found.map((_, i) => i + 1));

  it('40 orders paid at once through two instances get 40 consecutive invoice numbers', async () => {
    const orders = [];
    for (let i = 0; i < 40; i++) orders.push(await paidAtProvider());
    const answers = await together(orders.map((order, i) => () => success(i, order)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const invoices = await sequences('invoice');
    expect(invoices).toHaveLength(40);
    whole(invoices);
    const [perOrder] = await rows<{ orders: number }>(
      t.db,
      sql`select count(distinct order_id)::int as orders from tax_documents where type = 'invoice'`,
    );
    expect(perOrder!.orders).toBe(40);
  }, 120_000);

  it('credit notes and invoices issued at the same moment keep both sequences whole', async () => {
    const admin = await createStaff(t, RoleName.Admin);
    const toCancel = [];
    for (let i = 0; i < 10; i++) {
      const order = await paidAtProvider();
      expect((await success(i, order)).statusCode).toBe(200);
      toCancel.push(order.orderId);
    }
    const toPay = [];
    for (let i = 0; i < 10; i++) toPay.push(await paidAtProvider());
    const invoicesBefore = (await sequences('invoice')).length;
    const answers = await together([
      ...toCancel.map(
        (orderId, i) => () =>
          (i % 2 === 0 ? second.app : t.app).inject({
            method: 'PATCH',
            url: `/api/v1/orders/${orderId}/status`,
            headers: admin.headers,
            payload: { status: OrderStatus.Cancelled, reason: 'Raced' },
          }),
      ),
      ...toPay.map((order, i) => () => success(i, order)),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const invoices = await sequences('invoice');
    expect(invoices).toHaveLength(invoicesBefore + 10);
    whole(invoices);
    const creditNotes = await sequences('credit-note');
    expect(creditNotes).toHaveLength(10);
    whole(creditNotes);
  }, 120_000);
});
