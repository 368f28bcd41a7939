import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COD_FEE_LABEL, type CashOrderPlaced } from '@bookshop/contracts/checkout';
import { OrderStatus, RoleName } from '@bookshop/contracts/enums';
import type { Order, StaffOrder } from '@bookshop/contracts/orders';
import { quarterOf, type VatReport } from '@bookshop/contracts/reports';
import { shopDate, shopYear } from '@bookshop/contracts/shop-clock';
import { vatOfGross } from '@bookshop/contracts/vat';
import { rows } from '../../platform/db.ts';
import {
  callAs,
  createCustomer,
  createStaff,
  expectProblem,
  expectValidationError,
  testBook,
  type TestAccount,
} from '../../test/app.ts';
import type { MailCatcher, ReceivedMail } from '../../test/mail-catcher.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { addAddress, checkout, fillCart, getOrder, payOnSandboxPage } from '../checkout/testing.ts';
import { contact } from '../auth/accounts-service.ts';
import { findOrderRow, orderItemRows } from '../orders/service.ts';
import type { TaxDocumentContent } from './document.ts';
import { issueInvoice } from './service.ts';

/** Tax invoices and credit notes (issue 23, decision 085), through the API a customer and staff use. */

const number = (id: number) => `BK-${String(id).padStart(6, '0')}`;
const year = shopYear(Date.now());
const shopEnv = {
  PUBLIC_URL: 'http://shop.test',
  SHOP_TRN: '100234567890003',
  SHOP_LEGAL_NAME: 'Bookshop Trading LLC',
  SHOP_ADDRESS: 'Office 4, Al Quoz 1, Dubai, United Arab Emirates',
};

const mailTo = (smtp: MailCatcher, to: string, subject: string): ReceivedMail | undefined =>
  smtp.mails.find((mail) => mail.to.includes(to.toLowerCase()) && mail.subject === subject);

describe('tax invoices and credit notes', () => {
  const { t, smtp } = useTestApp({ mail: true, env: shopEnv, quietJobs: true });
  let alice: TestAccount;
  let bob: TestAccount;
  let addressId: number;
  let emma: number;
  let persuasion: number;
  let admin: TestAccount;
  let supervisor: TestAccount;
  let viewer: TestAccount;

  beforeAll(async () => {
    emma = await t.catalogue.createBook(testBook({ title: 'Emma VAT', priceFils: 4000, stockQuantity: 200 }));
    // 10% off: Dhs 45.00 a copy.
    persuasion = await t.catalogue.createBook(
      testBook({ title: 'Persuasion VAT', priceFils: 5000, discountPercentage: 10, stockQuantity: 200 }),
    );
    alice = await createCustomer(t, { firstName: 'Alice', lastName: 'Haddad' });
    bob = await createCustomer(t);
    addressId = await addAddress(t, alice);
    admin = await createStaff(t, RoleName.Admin);
    supervisor = await createStaff(t, RoleName.Supervisor);
    viewer = await createStaff(t, RoleName.User);
  });

  async function paidOrder(lines: Record<number, number> = { [emma]: 2, [persuasion]: 1 }) {
    await fillCart(t, alice, lines);
    const session = await checkout(t, alice, addressId);
    expect((await payOnSandboxPage(t, session.url)).statusCode).toBeLessThan(400);
    await t.app.jobs.runDue();
    return session.orderId;
  }
  const documentsOf = (orderId: number) =>
    rows<{ type: string; number: string; content: TaxDocumentContent; total_fils: number; corrects_id: number | null }>(
      t.db,
      sql`select type, number, content, total_fils, corrects_id from tax_documents where order_id = ${orderId} order by id`,
    );
  const download = (url: string, who: TestAccount | undefined) =>
    t.app.inject({ method: 'GET', url, headers: who?.headers });
  async function shipAndDeliver(orderId: number, body: Record<string, unknown> = {}) {
    const shipped = await callAs(t, 'POST', `/api/v1/orders/${orderId}/shipments`, supervisor, {
      carrier: 'shop-courier',
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const shipmentId = shipped.json<Order>().shipments.at(-1)!.id;
    const res = await callAs(t, 'PATCH', `/api/v1/orders/${orderId}/shipments/${shipmentId}`, supervisor, {
      status: 'delivered',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('issues a tax invoice when a card order is paid: every figure and both parties stored, listed on the order, attached to the confirmation', async () => {
    const orderId = await paidOrder();
    const [invoice, ...others] = await documentsOf(orderId);
    expect(others).toEqual([]);
    expect(invoice!.number).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));
    const content = invoice!.content;
    expect(content).toMatchObject({
      type: 'invoice',
      title: 'Tax Invoice',
      arabicTitle: 'فاتورة ضريبية',
      number: invoice!.number,
      orderNumber: number(orderId),
      correctsNumber: null,
      seller: {
        legalName: 'Bookshop Trading LLC',
        address: 'Office 4, Al Quoz 1, Dubai, United Arab Emirates',
        trn: '100234567890003',
        trnNote: null,
      },
      customer: { name: 'Alice Haddad', email: alice.emailAddress },
      currency: 'AED',
      vatRatePercent: 5,
    });
    expect(content.customer.addressLines).toContain('Villa 12, Street 5, Jumeirah 1');
    const order = await getOrder(t, alice, orderId);
    // 2 × 40.00 + 45.00 + the delivery fee, each line's VAT taken out of it.
    expect(content.lines.map((line) => [line.description, line.quantity, line.totalFils])).toEqual([
      ['Emma VAT', 2, 8000],
      ['Persuasion VAT', 1, 4500],
      ...(order.deliveryFee > 0 ? [[order.deliveryMethod.name, 1, Math.round(order.deliveryFee * 100)]] : []),
    ]);
    expect(content.lines[1]).toMatchObject({ unitPriceExVatFils: 4762, discountExVatFils: 476, netFils: 4286 });
    expect(content.totalFils).toBe(Math.round(order.total * 100));
    expect(content.vatFils).toBe(content.lines.reduce((sum, line) => sum + vatOfGross(line.totalFils, 5), 0));
    expect(content.netFils + content.vatFils).toBe(content.totalFils);

    expect(order).toMatchObject({
      vatRate: 5,
      vatAmount: content.vatFils / 100,
      netAmount: content.netFils / 100,
      documents: [
        {
          type: 'invoice',
          number: invoice!.number,
          issuedAt: content.issuedAt,
          total: order.total,
          vatAmount: content.vatFils / 100,
          url: `/api/v1/orders/${orderId}/invoice`,
        },
      ],
    });
    const staffView = await callAs(t, 'GET', `/api/v1/orders/${orderId}`, viewer);
    expect(staffView.json<StaffOrder>().documents).toEqual(order.documents);

    const pdf = await download(`/api/v1/orders/${orderId}/invoice`, alice);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${invoice!.number}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.rawPayload);
    for (const field of [
      'Tax Invoice',
      invoice!.number,
      'Bookshop Trading LLC',
      '100234567890003',
      'Alice Haddad',
      'Emma VAT',
      'Persuasion VAT',
      'AED',
    ])
      expect(text).toContain(field);
    const confirmation = mailTo(smtp, alice.emailAddress, `Your order ${number(orderId)} is confirmed`);
    expect(confirmation?.attachments).toEqual([
      { filename: `${invoice!.number}.pdf`, contentType: 'application/pdf', content: pdf.rawPayload },
    ]);
  });

  it('answers the owner and staff who may view orders; another customer and an order not paid yet 404, a guest 401', async () => {
    const orderId = await paidOrder({ [emma]: 1 });
    const url = `/api/v1/orders/${orderId}/invoice`;
    for (const who of [alice, viewer, supervisor, admin]) expect((await download(url, who)).statusCode).toBe(200);
    expectProblem(await download(url, bob), 404);
    expectProblem(await download(url, undefined), 401);
    expectProblem(await download('/api/v1/orders/999999/invoice', admin), 404);
    // Pending, unpaid: no invoice yet.
    await fillCart(t, alice, { [emma]: 1 });
    const unpaid = await checkout(t, alice, addressId);
    expectProblem(await download(`/api/v1/orders/${unpaid.orderId}/invoice`, alice), 404);
    expectProblem(await download(`/api/v1/orders/${unpaid.orderId}/invoice`, viewer), 404);
    expect((await getOrder(t, alice, unpaid.orderId)).documents).toEqual([]);
    // Credit notes: none yet (404), a malformed number 400 naming the field, another's 404.
    const creditNote = `/api/v1/orders/${orderId}/credit-notes/CN-${year}-000001`;
    expectProblem(await download(creditNote, alice), 404);
    expectProblem(await download(creditNote, bob), 404);
    expectProblem(await download(creditNote, undefined), 401);
    expectValidationError(await download(`/api/v1/orders/${orderId}/credit-notes/INV-1`, alice), 'number');
    expectValidationError(await download('/api/v1/orders/abc/invoice', alice), 'id');
  });

  it('numbers invoices one after the other, and an order is invoiced once however often it is paid', async () => {
    const first = await paidOrder({ [emma]: 1 });
    const second = await paidOrder({ [emma]: 1 });
    const [a] = await documentsOf(first);
    const [b] = await documentsOf(second);
    const sequence = (n: string) => Number(n.slice(-6));
    expect(sequence(b!.number)).toBe(sequence(a!.number) + 1);
    // The success page and a replayed fulfilment find it paid: still one invoice.
    const session = await rows<{ provider_session_id: string }>(
      t.db,
      sql`select provider_session_id from orders where id = ${second}`,
    );
    await callAs(t, 'GET', `/api/v1/checkout/checkout-success?sessionId=${session[0]!.provider_session_id}`, alice);
    expect(await documentsOf(second)).toHaveLength(1);
  });

  it("numbers by the year of the shop's clock: the year turns at midnight in Dubai, and a rolled-back issue gives its number back", async () => {
    await fillCart(t, alice, { [emma]: 1 });
    const { orderId } = await checkout(t, alice, addressId);
    const deps = { shop: t.config.shop, accounts: { contact } };
    const rollback = new Error('rolled back');
    const issuedAt = async (at: string) => {
      let numbers: string[] = [];
      await t.db
        .transaction(async (tx) => {
          const order = (await findOrderRow(orderId, { tx }))!;
          const items = await orderItemRows([orderId], { tx });
          numbers = [(await issueInvoice(deps, tx, order, items, new Date(at))).number];
          throw rollback;
        })
        .catch((error: unknown) => {
          if (error !== rollback) throw error;
        });
      return numbers[0];
    };
    // 23:59:59 on 31 December in Dubai is still that year; a second later (20:00 UTC) the next.
    expect(await issuedAt('2030-12-31T19:59:59Z')).toBe('INV-2030-000001');
    expect(await issuedAt('2030-12-31T20:00:00Z')).toBe('INV-2031-000001');
    // Both were rolled back: the numbers are free again, and no document was left.
    expect(await issuedAt('2030-12-31T20:00:00Z')).toBe('INV-2031-000001');
    expect(await documentsOf(orderId)).toEqual([]);
  });

  it('an issued document never changes: renaming the book and the customer leaves its content and PDF as they were; twice the same bytes', async () => {
    const orderId = await paidOrder({ [persuasion]: 1 });
    const [before] = await documentsOf(orderId);
    const url = `/api/v1/orders/${orderId}/invoice`;
    const pdf = (await download(url, alice)).rawPayload;
    expect((await download(url, admin)).rawPayload.equals(pdf)).toBe(true);
    await t.db.execute(sql`update books set title = 'Persuasion (Renamed)' where id = ${persuasion}`);
    await t.db.execute(sql`update accounts set first_name = 'Alicia', last_name = 'Other' where id = ${alice.id}`);
    try {
      const [after] = await documentsOf(orderId);
      expect(after!.content).toEqual(before!.content);
      expect(after!.content.lines[0]!.description).toBe('Persuasion VAT');
      expect(after!.content.customer.name).toBe('Alice Haddad');
      expect((await download(url, alice)).rawPayload.equals(pdf)).toBe(true);
    } finally {
      await t.db.execute(sql`update books set title = 'Persuasion VAT' where id = ${persuasion}`);
      await t.db.execute(sql`update accounts set first_name = 'Alice', last_name = 'Haddad' where id = ${alice.id}`);
    }
  });

  it('issues a credit note for all of the invoice when staff cancel a paid order, attached to the refund mail', async () => {
    const orderId = await paidOrder();
    const res = await callAs(t, 'PATCH', `/api/v1/orders/${orderId}/status`, admin, {
      status: OrderStatus.Cancelled,
      reason: 'Out of print',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [invoice, note] = await documentsOf(orderId);
    expect(note!.number).toMatch(new RegExp(`^CN-${year}-\\d{6}$`));
    expect(note!.content).toMatchObject({
      type: 'credit-note',
      title: 'Tax Credit Note',
      arabicTitle: 'إشعار دائن ضريبي',
      correctsNumber: invoice!.number,
      reason: 'Order cancelled',
      lines: invoice!.content.lines,
      netFils: invoice!.content.netFils,
      vatFils: invoice!.content.vatFils,
      totalFils: invoice!.content.totalFils,
      customer: invoice!.content.customer,
    });
    const order = res.json<StaffOrder>();
    expect(order.documents.map((d) => [d.type, d.number, d.url])).toEqual([
      ['invoice', invoice!.number, `/api/v1/orders/${orderId}/invoice`],
      ['credit-note', note!.number, `/api/v1/orders/${orderId}/credit-notes/${note!.number}`],
    ]);
    const pdf = await download(order.documents[1]!.url, alice);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    for (const field of ['Tax Credit Note', note!.number, invoice!.number]) expect(text).toContain(field);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${note!.number}.pdf"`);
    expectProblem(await download(order.documents[1]!.url, bob), 404);
    // A credit note is not an invoice: its number under another order is 404.
    const other = await paidOrder({ [emma]: 1 });
    expectProblem(await download(`/api/v1/orders/${other}/credit-notes/${note!.number}`, alice), 404);
    await t.app.jobs.runDue();
    const mail = mailTo(smtp, alice.emailAddress, `Your order ${number(orderId)} is cancelled and refunded`);
    expect(mail?.attachments.map((a) => [a.filename, a.content.equals(pdf.rawPayload)])).toEqual([
      [`${note!.number}.pdf`, true],
    ]);
  });

  it('issues a credit note for the returned lines when a return is received, attached to its mail', async () => {
    const orderId = await paidOrder({ [emma]: 2, [persuasion]: 1 });
    await shipAndDeliver(orderId);
    const asked = await callAs(t, 'POST', `/api/v1/orders/${orderId}/returns`, alice, {
      lines: [{ bookId: persuasion, quantity: 1 }],
      reason: 'The cover arrived torn.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = asked.json<Order>().returns[0]!.id;
    for (const status of ['approved', 'received'])
      expect((await callAs(t, 'PATCH', `/api/v1/returns/${returnId}`, admin, { status })).statusCode).toBe(200);
    // Receiving twice changes nothing.
    await callAs(t, 'PATCH', `/api/v1/returns/${returnId}`, admin, { status: 'received' });
    const [invoice, note, ...more] = await documentsOf(orderId);
    expect(more).toEqual([]);
    expect(note!.content).toMatchObject({
      type: 'credit-note',
      correctsNumber: invoice!.number,
      reason: 'Return of 1 book',
      lines: [
        {
          description: 'Persuasion VAT',
          quantity: 1,
          unitPriceExVatFils: 4762,
          discountExVatFils: 476,
          vatRatePercent: 5,
          netFils: 4286,
          vatFils: 214,
          totalFils: 4500,
        },
      ],
      netFils: 4286,
      vatFils: 214,
      totalFils: 4500,
    });
    const order = await getOrder(t, alice, orderId);
    expect(order.documents.map((d) => [d.type, d.total, d.vatAmount])).toEqual([
      ['invoice', order.total, invoice!.content.vatFils / 100],
      ['credit-note', 45, 2.14],
    ]);
    await t.app.jobs.runDue();
    const mail = mailTo(smtp, alice.emailAddress, `Your return from order ${number(orderId)}: return received`);
    expect(mail?.attachments.map((a) => a.filename)).toEqual([`${note!.number}.pdf`]);
  });

  it('cash on delivery: the invoice is issued when the courier collects the cash, with the fee line, and mailed then', async () => {
    await fillCart(t, alice, { [emma]: 1 });
    const placed = await callAs(t, 'POST', '/api/v1/checkout/create-session', alice, {
      addressId,
      deliveryMethod: 'standard',
      paymentMethod: 'cod',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId } = placed.json<CashOrderPlaced>();
    const pending = await getOrder(t, alice, orderId);
    expect(pending.documents).toEqual([]);
    // The order's VAT is shown before it is paid, by the same rule.
    expect(pending.vatRate).toBe(5);
    expect(pending.vatAmount).toBe(
      (vatOfGross(4000, 5) +
        vatOfGross(Math.round(pending.deliveryFee * 100), 5) +
        vatOfGross(Math.round(pending.codFee * 100), 5)) /
        100,
    );
    expect(pending.netAmount).toBe(Math.round((pending.total - pending.vatAmount) * 100) / 100);
    expectProblem(await download(`/api/v1/orders/${orderId}/invoice`, alice), 404);

    await shipAndDeliver(orderId, { cashCollected: true });
    const [invoice] = await documentsOf(orderId);
    expect(invoice!.content.lines.map((line) => line.description)).toEqual(
      expect.arrayContaining(['Emma VAT', COD_FEE_LABEL]),
    );
    expect(invoice!.total_fils).toBe(Math.round(pending.total * 100));
    expect((await getOrder(t, alice, orderId)).documents.map((d) => d.number)).toEqual([invoice!.number]);
    await t.app.jobs.runDue();
    const mail = mailTo(smtp, alice.emailAddress, `Your invoice for order ${number(orderId)}`);
    expect(mail?.text).toContain(`Your invoice ${invoice!.number} is attached.`);
    expect(mail?.attachments.map((a) => a.filename)).toEqual([`${invoice!.number}.pdf`]);
  });

  it('the VAT return of this quarter is the sum of the documents the payments, the cancellation and the return issued', async () => {
    const { from, to } = quarterOf(shopDate(Date.now()));
    const documents = await rows<{ type: string; emirate: string | null; net_fils: number; vat_fils: number }>(
      t.db,
      sql`select type, emirate, net_fils, vat_fils from tax_documents where issued_on between ${from} and ${to}`,
    );
    const sum = (type: string, key: 'net_fils' | 'vat_fils') =>
      documents.filter((d) => d.type === type).reduce((total, d) => total + d[key], 0) / 100;
    expect(documents.filter((d) => d.type === 'credit-note').length).toBeGreaterThanOrEqual(2);
    expect(new Set(documents.map((d) => d.emirate))).toEqual(new Set(['Dubai']));
    const res = await callAs(t, 'GET', `/api/v1/reports/vat?from=${from}&to=${to}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<VatReport>();
    expect(report).toMatchObject({
      invoices: documents.filter((d) => d.type === 'invoice').length,
      creditNotes: documents.filter((d) => d.type === 'credit-note').length,
      salesTotal: { netAmount: sum('invoice', 'net_fils'), vatAmount: sum('invoice', 'vat_fils') },
      adjustments: { netAmount: -sum('credit-note', 'net_fils'), vatAmount: -sum('credit-note', 'vat_fils') },
    });
    expect(report.sales.find((row) => row.emirate === 'Dubai')).toEqual({
      emirate: 'Dubai',
      netAmount: sum('invoice', 'net_fils'),
      vatAmount: sum('invoice', 'vat_fils'),
    });
    expect(report.netVatDue).toBeCloseTo(sum('invoice', 'vat_fils') - sum('credit-note', 'vat_fils'), 2);
  });
});

describe('a shop without a TRN', () => {
  const { t } = useTestApp({ env: { SHOP_LEGAL_NAME: 'Small Books' }, quietJobs: true });

  it("issues an 'Invoice' without VAT, and orders show a rate of 0", async () => {
    const book = await t.catalogue.createBook(testBook({ title: 'Plain Invoice', priceFils: 4000 }));
    const carol = await createCustomer(t);
    await fillCart(t, carol, { [book]: 1 });
    const session = await checkout(t, carol, await addAddress(t, carol));
    expect((await payOnSandboxPage(t, session.url)).statusCode).toBeLessThan(400);
    await t.app.jobs.runDue();
    const [invoice] = await rows<{ content: TaxDocumentContent }>(
      t.db,
      sql`select content from tax_documents where order_id = ${session.orderId}`,
    );
    expect(invoice!.content).toMatchObject({
      title: 'Invoice',
      arabicTitle: null,
      seller: { legalName: 'Small Books', trn: null },
      vatRatePercent: 0,
      vatFils: 0,
    });
    expect(invoice!.content.netFils).toBe(invoice!.content.totalFils);
    const order = await getOrder(t, carol, session.orderId);
    expect(order).toMatchObject({ vatRate: 0, vatAmount: 0, netAmount: order.total });
  });
});
