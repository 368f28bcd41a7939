import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMIRATE_NOT_GIVEN, type Emirate } from '@bookshop/contracts/emirates';
import { RoleName } from '@bookshop/contracts/enums';
import { filsToAed } from '@bookshop/contracts/money';
import { orderNumber } from '@bookshop/contracts/orders';
import { VatReportMessages, type VatReport } from '@bookshop/contracts/reports';
import { shopDate, shopYear } from '@bookshop/contracts/shop-clock';
import {
  splitGross,
  sumSplits,
  TAX_DOCUMENT_TITLES,
  taxDocumentNumber,
  VAT_REPORT_EMIRATES,
  type TaxDocumentType,
} from '@bookshop/contracts/vat';
import { rows } from '../../platform/db.ts';
import {
  callAs,
  createCustomer,
  createStaff,
  expectProblem,
  expectValidationError,
  type TestAccount,
} from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import type { TaxDocumentContent, TaxDocumentLine } from './document.ts';
import { taxDocuments } from './schema.ts';

/**
 * The VAT return (issue 23, decision 087): `GET v1/reports/vat` and `vat.csv` against documents
 * written by the fixture below, checked against the sums of those documents.
 */

const { t } = useTestApp();
let admin: TestAccount;
let customer: TestAccount;

const RATE = 5;

type Written = {
  id: number;
  orderId: number;
  type: TaxDocumentType;
  number: string;
  issuedOn: string;
  orderNumber: string;
  customerName: string;
  emirate: Emirate | null;
  netFils: number;
  vatFils: number;
  totalFils: number;
};
const written: Written[] = [];
const sequences = new Map<string, number>();

/**
 * TEST FIXTURE, to be replaced after the merge by orders paid and refunded through the real
 * invoicing service: writes an order and one tax document for it as the issuer does, with every
 * figure from contracts/vat.ts, `issued_on` from shopDate and the year from shopYear (the shop's
 * clock), and a content snapshot of the customer. A credit note names its invoice.
 */
async function writeTaxDocumentForTest(doc: {
  type: TaxDocumentType;
  issuedAt: string;
  emirate: Emirate | null;
  customerName?: string;
  /** Gross fils of each line, VAT included. */
  lines: number[];
  corrects?: Written;
}): Promise<Written> {
  let orderId: number;
  if (doc.corrects) {
    orderId = doc.corrects.orderId;
  } else {
    const gross = doc.lines.reduce((a, b) => a + b, 0);
    const [order] = await rows<{ id: number }>(
      t.db,
      sql`insert into orders (customer_id, status, created_at, paid_at, expires_at, delivery_method_code, delivery_method_name,
                              delivery_fee_fils, items_total_fils, discount_total_fils, total_fils, address, country, city,
                              emirate, phone_no, provider)
          values (${customer.id}, 2, ${doc.issuedAt}::timestamptz, ${doc.issuedAt}::timestamptz, ${doc.issuedAt}::timestamptz,
                  'standard', 'Standard Delivery', 0, ${gross}, 0, ${gross}, '1 Test Street', 'AE', ${doc.emirate ?? 'Dibba'},
                  ${doc.emirate}, '0501234567', 'sandbox')
          returning id`,
    );
    orderId = order!.id;
  }
  const year = shopYear(doc.issuedAt);
  const key = `${doc.type}-${year}`;
  const sequence = (sequences.get(key) ?? 0) + 1;
  sequences.set(key, sequence);
  const number = taxDocumentNumber(doc.type, year, sequence);
  const lines: TaxDocumentLine[] = doc.lines.map((gross, i) => {
    const split = splitGross(gross, RATE);
    return {
      description: `Book ${i + 1}`,
      quantity: 1,
      unitPriceExVatFils: split.netFils,
      discountExVatFils: 0,
      vatRatePercent: RATE,
      netFils: split.netFils,
      vatFils: split.vatFils,
      totalFils: split.grossFils,
    };
  });
  const totals = sumSplits(lines.map((l) => ({ grossFils: l.totalFils, vatFils: l.vatFils, netFils: l.netFils })));
  const issuedOn = shopDate(doc.issuedAt);
  const customerName = doc.customerName ?? 'Test Customer';
  const content: TaxDocumentContent = {
    type: doc.type,
    title: TAX_DOCUMENT_TITLES[doc.type].registered,
    arabicTitle: TAX_DOCUMENT_TITLES[doc.type].arabic,
    number,
    issuedAt: new Date(doc.issuedAt).toISOString(),
    issuedOn,
    suppliedOn: issuedOn,
    orderNumber: orderNumber(orderId),
    correctsNumber: doc.corrects?.number ?? null,
    reason: doc.corrects ? 'Order cancelled' : null,
    seller: { legalName: 'Bookshop LLC', address: 'Dubai, UAE', trn: '100000000000003', trnNote: null },
    customer: {
      name: customerName,
      email: customer.emailAddress,
      addressLines: ['1 Test Street', doc.emirate ?? 'Dibba', 'United Arab Emirates'],
    },
    currency: 'AED',
    vatRatePercent: RATE,
    lines,
    netFils: totals.netFils,
    vatFils: totals.vatFils,
    totalFils: totals.grossFils,
  };
  const [row] = await t.db
    .insert(taxDocuments)
    .values({
      type: doc.type,
      number,
      year,
      sequence,
      orderId,
      correctsId: doc.corrects?.id ?? null,
      issuedAt: new Date(doc.issuedAt),
      issuedOn,
      emirate: doc.emirate,
      netFils: totals.netFils,
      vatFils: totals.vatFils,
      totalFils: totals.grossFils,
      content,
    })
    .returning({ id: taxDocuments.id });
  const document: Written = {
    id: row!.id,
    orderId,
    type: doc.type,
    number,
    issuedOn,
    orderNumber: orderNumber(orderId),
    customerName,
    emirate: doc.emirate,
    netFils: totals.netFils,
    vatFils: totals.vatFils,
    totalFils: totals.grossFils,
  };
  written.push(document);
  return document;
}

const inPeriod = (from: string, to: string) => written.filter((d) => d.issuedOn >= from && d.issuedOn <= to);

/** The report as the sum of the period's documents, computed here from what the fixture wrote. */
function expectedReport(from: string, to: string): VatReport {
  const docs = inPeriod(from, to);
  const invoices = docs.filter((d) => d.type === 'invoice');
  const notes = docs.filter((d) => d.type === 'credit-note');
  const total = (list: Written[], field: 'netFils' | 'vatFils') => list.reduce((sum, d) => sum + d[field], 0);
  return {
    from,
    to,
    sales: VAT_REPORT_EMIRATES.map((emirate) => {
      const here = invoices.filter((d) => (d.emirate ?? EMIRATE_NOT_GIVEN) === emirate);
      return { emirate, netAmount: filsToAed(total(here, 'netFils')), vatAmount: filsToAed(total(here, 'vatFils')) };
    }),
    salesTotal: { netAmount: filsToAed(total(invoices, 'netFils')), vatAmount: filsToAed(total(invoices, 'vatFils')) },
    adjustments: {
      netAmount: -filsToAed(total(notes, 'netFils')) || 0,
      vatAmount: -filsToAed(total(notes, 'vatFils')) || 0,
    },
    netVatDue: filsToAed(total(invoices, 'vatFils') - total(notes, 'vatFils')),
    invoices: invoices.length,
    creditNotes: notes.length,
  };
}

const report = async (from: string, to: string, who: TestAccount = admin) => {
  const res = await callAs(t, 'GET', `/api/v1/reports/vat?from=${from}&to=${to}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<VatReport>();
};

// Q4 2026 on the shop's clock, and the quarters either side of it.
const Q3 = { from: '2026-07-01', to: '2026-09-30' };
const Q4 = { from: '2026-10-01', to: '2026-12-31' };

let cancelled: Written;

beforeAll(async () => {
  admin = await createStaff(t, RoleName.Admin);
  customer = await createCustomer(t);
  // Q4: sales in three emirates and one without an emirate; two credit notes.
  const dubai = await writeTaxDocumentForTest({
    type: 'invoice',
    issuedAt: '2026-10-05T08:00:00Z',
    emirate: 'Dubai',
    lines: [4500, 1000],
  });
  await writeTaxDocumentForTest({ type: 'invoice', issuedAt: '2026-11-11T12:00:00Z', emirate: 'Dubai', lines: [3999] });
  await writeTaxDocumentForTest({
    type: 'invoice',
    issuedAt: '2026-11-12T12:00:00Z',
    emirate: 'Abu Dhabi',
    lines: [12_345, 1000, 1000],
  });
  await writeTaxDocumentForTest({
    type: 'invoice',
    issuedAt: '2026-12-01T06:00:00Z',
    emirate: 'Fujairah',
    lines: [777],
  });
  cancelled = await writeTaxDocumentForTest({
    type: 'invoice',
    issuedAt: '2026-12-02T06:00:00Z',
    emirate: null,
    lines: [2100],
  });
  await writeTaxDocumentForTest({
    type: 'credit-note',
    issuedAt: '2026-12-03T06:00:00Z',
    emirate: null,
    lines: [2100],
    corrects: cancelled,
  });
  await writeTaxDocumentForTest({
    type: 'credit-note',
    issuedAt: '2026-10-20T06:00:00Z',
    emirate: 'Dubai',
    lines: [1000],
    corrects: dubai,
  });
  // 23:30 in Dubai on the last day of Q3 (19:30 UTC): still 30 September on the shop's clock, so Q3's.
  await writeTaxDocumentForTest({
    type: 'invoice',
    issuedAt: '2026-09-30T19:30:00Z',
    emirate: 'Sharjah',
    lines: [5000],
  });
  // 00:30 in Dubai on the first day of Q4 (20:30 UTC on 30 September): Q4's.
  await writeTaxDocumentForTest({ type: 'invoice', issuedAt: '2026-09-30T20:30:00Z', emirate: 'Ajman', lines: [2000] });
  // 23:30 in Dubai on the last day of Q4: Q4's, not next year's.
  await writeTaxDocumentForTest({
    type: 'invoice',
    issuedAt: '2026-12-31T19:30:00Z',
    emirate: 'Ras Al Khaimah',
    lines: [1500],
  });
  // 00:30 in Dubai on 1 January 2027: Q1 2027's.
  await writeTaxDocumentForTest({ type: 'invoice', issuedAt: '2026-12-31T20:30:00Z', emirate: 'Dubai', lines: [8800] });
});

describe('GET v1/reports/vat and vat.csv: who may', () => {
  it('no token 401; a customer, New User, User and Supervisor 403; an Admin 200', async () => {
    for (const path of ['/api/v1/reports/vat', '/api/v1/reports/vat.csv']) {
      const url = `${path}?from=${Q4.from}&to=${Q4.to}`;
      expectProblem(await callAs(t, 'GET', url), 401);
      expectProblem(await callAs(t, 'GET', url, customer), 403);
      for (const role of [RoleName.NewUser, RoleName.User, RoleName.Supervisor])
        expectProblem(await callAs(t, 'GET', url, await createStaff(t, role)), 403);
      const res = await callAs(t, 'GET', url, await createStaff(t, RoleName.Admin));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('GET v1/reports/vat: the period', () => {
  it.each([
    ['', 'from', VatReportMessages.fromInvalid],
    [`from=${Q4.from}`, 'to', VatReportMessages.toInvalid],
    [`to=${Q4.to}`, 'from', VatReportMessages.fromInvalid],
    ['from=2026-02-30&to=2026-03-31', 'from', VatReportMessages.fromInvalid],
    ['from=2026-01-01&to=2026-13-01', 'to', VatReportMessages.toInvalid],
    ['from=1-1-2026&to=2026-03-31', 'from', VatReportMessages.fromInvalid],
    ['from=2026-04-01&to=2026-03-31', 'to', VatReportMessages.range],
    ['from=2025-01-01&to=2026-01-02', 'to', VatReportMessages.tooLong],
  ])('?%s: 400 naming %s, for the figures and the CSV', async (query, field, message) => {
    for (const path of ['/api/v1/reports/vat', '/api/v1/reports/vat.csv'])
      expectValidationError(await callAs(t, 'GET', `${path}?${query}`, admin), field, message);
  });

  it('a whole leap year (366 days) is allowed; one day is a period', async () => {
    expect((await report('2028-01-01', '2028-12-31')).invoices).toBe(0);
    expect((await report('2026-11-11', '2026-11-11')).invoices).toBe(1);
  });
});

describe('GET v1/reports/vat: the figures', () => {
  it("equal the sum of the period's documents: sales by emirate, credit notes negative, VAT due", async () => {
    const q4 = await report(Q4.from, Q4.to);
    expect(q4).toEqual(expectedReport(Q4.from, Q4.to));
    expect(q4.invoices).toBe(7);
    expect(q4.creditNotes).toBe(2);
    // Every emirate and 'Not given', in that order, zeros included.
    expect(q4.sales.map((s) => s.emirate)).toEqual([...VAT_REPORT_EMIRATES]);
    expect(q4.sales.find((s) => s.emirate === 'Umm Al Quwain')).toEqual({
      emirate: 'Umm Al Quwain',
      netAmount: 0,
      vatAmount: 0,
    });
    // Dubai: 45.00 + 10.00 + 39.99 gross, VAT taken out of each line (2.14 + 0.48 + 1.90).
    expect(q4.sales.find((s) => s.emirate === 'Dubai')).toEqual({
      emirate: 'Dubai',
      netAmount: 90.47,
      vatAmount: 4.52,
    });
    // The cancelled order had no emirate: its sale counts under 'Not given'.
    expect(q4.sales.find((s) => s.emirate === EMIRATE_NOT_GIVEN)).toEqual({
      emirate: EMIRATE_NOT_GIVEN,
      netAmount: 20,
      vatAmount: 1,
    });
    // Credit notes of 21.00 and 10.00 gross: negative.
    expect(q4.adjustments).toEqual({ netAmount: -29.52, vatAmount: -1.48 });
    expect(q4.netVatDue).toBeCloseTo(q4.salesTotal.vatAmount + q4.adjustments.vatAmount, 2);
    expect(q4.netVatDue).toBeGreaterThan(0);
  });

  it('a document issued at 23:30 Dubai time on the last day of a quarter is in that quarter', async () => {
    const q3 = await report(Q3.from, Q3.to);
    expect(q3).toEqual(expectedReport(Q3.from, Q3.to));
    expect(q3.sales.find((s) => s.emirate === 'Sharjah')).toMatchObject({ netAmount: 47.62, vatAmount: 2.38 });
    expect(q3.invoices).toBe(1);
    const q4 = await report(Q4.from, Q4.to);
    // Ajman's sale at 00:30 on 1 October and Ras Al Khaimah's at 23:30 on 31 December are Q4's.
    expect(q4.sales.find((s) => s.emirate === 'Ajman')?.vatAmount).toBe(0.95);
    expect(q4.sales.find((s) => s.emirate === 'Sharjah')?.vatAmount).toBe(0);
    expect(q4.sales.find((s) => s.emirate === 'Ras Al Khaimah')?.vatAmount).toBe(0.71);
    // 00:30 on 1 January 2027 in Dubai is next year's.
    expect((await report('2027-01-01', '2027-03-31')).invoices).toBe(1);
  });

  it('a period without documents answers every row at zero', async () => {
    const empty = await report('2025-01-01', '2025-03-31');
    expect(empty).toEqual(expectedReport('2025-01-01', '2025-03-31'));
    expect(empty.sales).toHaveLength(8);
    expect(empty).toMatchObject({ netVatDue: 0, invoices: 0, creditNotes: 0, adjustments: { netAmount: 0 } });
  });

  it('a period across two quarters adds both', async () => {
    const both = await report(Q3.from, Q4.to);
    expect(both).toEqual(expectedReport(Q3.from, Q4.to));
    expect(both.invoices).toBe(8);
  });
});

/** RFC 4180 lines of cells, enough for the cells these tests write (quotes doubled, no line breaks inside). */
const parseCsv = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1]!).slice(0, 9));

describe('GET v1/reports/vat.csv', () => {
  it('lists every document of the period in order of issue, amounts signed so each column sums to the report', async () => {
    const res = await callAs(t, 'GET', `/api/v1/reports/vat.csv?from=${Q4.from}&to=${Q4.to}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="vat-2026-10-01-to-2026-12-31.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual([
      'Type',
      'Number',
      'Date (Dubai)',
      'Order number',
      'Customer',
      'Emirate',
      'Net (AED)',
      'VAT (AED)',
      'Gross (AED)',
    ]);
    const expected = inPeriod(Q4.from, Q4.to).sort((a, b) => a.issuedOn.localeCompare(b.issuedOn) || a.id - b.id);
    expect(lines).toEqual(
      expected.map((d) => {
        const sign = d.type === 'invoice' ? 1 : -1;
        return [
          d.type === 'invoice' ? 'Tax invoice' : 'Tax credit note',
          d.number,
          d.issuedOn,
          d.orderNumber,
          d.customerName,
          d.emirate ?? 'Not given',
          (sign * filsToAed(d.netFils)).toFixed(2),
          (sign * filsToAed(d.vatFils)).toFixed(2),
          (sign * filsToAed(d.totalFils)).toFixed(2),
        ];
      }),
    );
    const q4 = await report(Q4.from, Q4.to);
    const column = (i: number) => Math.round(lines.reduce((sum, line) => sum + Number(line[i]) * 100, 0));
    expect(column(7)).toBe(Math.round(q4.netVatDue * 100));
    expect(column(6)).toBe(Math.round((q4.salesTotal.netAmount + q4.adjustments.netAmount) * 100));
    expect(lines.filter((line) => line[0] === 'Tax credit note').every((line) => line[8]!.startsWith('-'))).toBe(true);
  });

  it('is formula-safe: a name a spreadsheet would run gets an apostrophe, commas and quotes are quoted', async () => {
    await writeTaxDocumentForTest({
      type: 'invoice',
      issuedAt: '2025-06-10T10:00:00Z',
      emirate: 'Dubai',
      customerName: '=HYPERLINK("http://evil.example","Click")',
      lines: [1000],
    });
    await writeTaxDocumentForTest({
      type: 'invoice',
      issuedAt: '2025-06-11T10:00:00Z',
      emirate: 'Abu Dhabi',
      customerName: 'Al Mansoori, Fatima',
      lines: [1000],
    });
    await writeTaxDocumentForTest({
      type: 'invoice',
      issuedAt: '2025-06-12T10:00:00Z',
      emirate: 'Sharjah',
      customerName: 'فاطمة المنصوري',
      lines: [1000],
    });
    const res = await callAs(t, 'GET', '/api/v1/reports/vat.csv?from=2025-06-01&to=2025-06-30', admin);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click"")",Dubai,`);
    expect(lines[2]).toContain(',"Al Mansoori, Fatima",Abu Dhabi,');
    expect(lines[3]).toContain(',فاطمة المنصوري,Sharjah,9.52,0.48,10.00');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
  });

  it('an empty period is the header alone', async () => {
    const res = await callAs(t, 'GET', '/api/v1/reports/vat.csv?from=2024-01-01&to=2024-03-31', admin);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      '\uFEFFType,Number,Date (Dubai),Order number,Customer,Emirate,Net (AED),VAT (AED),Gross (AED)\r\n',
    );
  });
});
