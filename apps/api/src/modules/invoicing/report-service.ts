import { EMIRATE_NOT_GIVEN } from '@bookshop/contracts/emirates';
import { filsToAed } from '@bookshop/contracts/money';
import type { VatReport, VatReportQuery } from '@bookshop/contracts/reports';
import { VAT_REPORT_EMIRATES, type TaxDocumentType } from '@bookshop/contracts/vat';
import type { Database } from '../../platform/db.ts';
import { csvCell } from '../orders/service.ts';
import * as queries from './report-queries.ts';

/*
 * The VAT return (issue 23, decision 087): sales are the period's invoices by emirate, adjustments
 * its credit notes as negative amounts, and the VAT due their sum. Read from the amounts stored on
 * each document when it was issued, so the return always equals the sum of the documents.
 */

type ReportDeps = { db: Database };

/** Credit notes count against the return; 0 stays 0 (not -0). */
const negativeAed = (fils: number) => (fils === 0 ? 0 : filsToAed(-fils));

/** The figures of the VAT return for a period of shop days, both included. */
async function vatReport({ db }: ReportDeps, { from, to }: VatReportQuery): Promise<VatReport> {
  const totals = await queries.vatTotals(db, { from, to });
  const sum = (type: TaxDocumentType, emirate?: string) =>
    totals
      .filter((row) => row.type === type && (emirate === undefined || (row.emirate ?? EMIRATE_NOT_GIVEN) === emirate))
      .reduce(
        (acc, row) => ({
          documents: acc.documents + row.documents,
          netFils: acc.netFils + row.netFils,
          vatFils: acc.vatFils + row.vatFils,
        }),
        { documents: 0, netFils: 0, vatFils: 0 },
      );
  const sales = sum('invoice');
  const refunds = sum('credit-note');
  return {
    from,
    to,
    sales: VAT_REPORT_EMIRATES.map((emirate) => {
      const row = sum('invoice', emirate);
      return { emirate, netAmount: filsToAed(row.netFils), vatAmount: filsToAed(row.vatFils) };
    }),
    salesTotal: { netAmount: filsToAed(sales.netFils), vatAmount: filsToAed(sales.vatFils) },
    adjustments: { netAmount: negativeAed(refunds.netFils), vatAmount: negativeAed(refunds.vatFils) },
    netVatDue: filsToAed(sales.vatFils - refunds.vatFils),
    invoices: sales.documents,
    creditNotes: refunds.documents,
  };
}

const VAT_CSV_HEADER = [
  'Type',
  'Number',
  'Date (Dubai)',
  'Order number',
  'Customer',
  'Emirate',
  'Net (AED)',
  'VAT (AED)',
  'Gross (AED)',
];

const TYPE_NAMES: Record<TaxDocumentType, string> = { invoice: 'Tax invoice', 'credit-note': 'Tax credit note' };

/** Rows per query of the CSV: the file never holds more than this many documents in memory. */
const CSV_BATCH = 1000;

/**
 * An amount cell in AED, signed as on the return (a credit note's are negative, so each column
 * sums to the report). Written by the shop from an integer, never text someone typed, so it is not
 * passed through `csvCell`, whose apostrophe would turn '-12.50' into text a spreadsheet cannot add.
 */
const amount = (fils: number, sign: 1 | -1) => (sign * filsToAed(fils)).toFixed(2);

/** The file name of a period's CSV: 'vat-2026-10-01-to-2026-12-31.csv'. */
export const vatCsvFileName = ({ from, to }: VatReportQuery) => `vat-${from}-to-${to}.csv`;

/**
 * Every document of the period as CSV lines in order of issue (header first, a UTF-8 byte order
 * mark so spreadsheets read Arabic names), fetched in keyset batches as the reader asks for them.
 * Text cells go through the orders export's `csvCell`, which defuses formulas.
 */
async function* vatCsv({ db }: ReportDeps, period: VatReportQuery): AsyncGenerator<string> {
  yield `\uFEFF${VAT_CSV_HEADER.map(csvCell).join(',')}\r\n`;
  let after: { issuedOn: string; id: number } | undefined;
  for (;;) {
    const batch = await queries.vatDocumentBatch(db, period, CSV_BATCH, after);
    if (batch.length === 0) return;
    yield batch
      .map((row) => {
        const sign = row.type === 'invoice' ? 1 : -1;
        const text = [
          TYPE_NAMES[row.type],
          row.number,
          row.issuedOn,
          row.orderNumber,
          row.customerName,
          row.emirate ?? EMIRATE_NOT_GIVEN,
        ].map(csvCell);
        const amounts = [amount(row.netFils, sign), amount(row.vatFils, sign), amount(row.totalFils, sign)];
        return `${[...text, ...amounts].join(',')}\r\n`;
      })
      .join('');
    if (batch.length < CSV_BATCH) return;
    const last = batch.at(-1)!;
    after = { issuedOn: last.issuedOn, id: last.id };
  }
}

export function createVatReportService(deps: ReportDeps) {
  return {
    report: (query: VatReportQuery) => vatReport(deps, query),
    csv: (query: VatReportQuery) => vatCsv(deps, query),
  };
}
export type VatReportService = ReturnType<typeof createVatReportService>;
