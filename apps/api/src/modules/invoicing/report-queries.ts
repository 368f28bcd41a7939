import { and, asc, count, eq, gt, gte, lte, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Emirate } from '@bookshop/contracts/emirates';
import type { TaxDocumentType } from '@bookshop/contracts/vat';
import type { Tx } from '../../platform/db.ts';
import { taxDocuments } from './schema.ts';

/*
 * The VAT return's reads of the tax documents (issue 23, decision 087). A period is a range of
 * shop days, both included, matched on `issued_on` (the day of issue on the shop's clock), so the
 * index `tax_documents_issued_idx` (issued_on, id) serves both the sums and the CSV's batches.
 */

export type VatPeriod = { from: string; to: string };

const inPeriod = ({ from, to }: VatPeriod) => and(gte(taxDocuments.issuedOn, from), lte(taxDocuments.issuedOn, to));

/** Sums of fils can pass 2^31 over a year: summed as bigint, read back as a JavaScript number. */
const sumOf = (column: AnyColumn) => sql<string>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

export type VatTotalsRow = {
  type: TaxDocumentType;
  emirate: Emirate | null;
  documents: number;
  netFils: number;
  vatFils: number;
};

/** The period's documents summed per type and emirate, in one statement (so counts and sums agree). */
export const vatTotals = (tx: Pick<Tx, 'select'>, period: VatPeriod): Promise<VatTotalsRow[]> =>
  tx
    .select({
      type: taxDocuments.type,
      emirate: taxDocuments.emirate,
      documents: count(),
      netFils: sumOf(taxDocuments.netFils),
      vatFils: sumOf(taxDocuments.vatFils),
    })
    .from(taxDocuments)
    .where(inPeriod(period))
    .groupBy(taxDocuments.type, taxDocuments.emirate);

export type VatDocumentRow = {
  id: number;
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

/** One batch of the period's documents in order of issue, after the keyset `after` (the last row read). */
export const vatDocumentBatch = (
  tx: Pick<Tx, 'select'>,
  period: VatPeriod,
  limit: number,
  after?: { issuedOn: string; id: number },
): Promise<VatDocumentRow[]> =>
  tx
    .select({
      id: taxDocuments.id,
      type: taxDocuments.type,
      number: taxDocuments.number,
      issuedOn: taxDocuments.issuedOn,
      // The snapshot taken when the document was issued, as the document itself shows them.
      orderNumber: sql<string>`${taxDocuments.content}->>'orderNumber'`,
      customerName: sql<string>`${taxDocuments.content}->'customer'->>'name'`,
      emirate: taxDocuments.emirate,
      netFils: taxDocuments.netFils,
      vatFils: taxDocuments.vatFils,
      totalFils: taxDocuments.totalFils,
    })
    .from(taxDocuments)
    .where(
      and(
        inPeriod(period),
        after &&
          or(
            gt(taxDocuments.issuedOn, after.issuedOn),
            and(eq(taxDocuments.issuedOn, after.issuedOn), gt(taxDocuments.id, after.id)),
          ),
      ),
    )
    .orderBy(asc(taxDocuments.issuedOn), asc(taxDocuments.id))
    .limit(limit);
