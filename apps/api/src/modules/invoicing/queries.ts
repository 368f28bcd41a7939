import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TaxDocumentType } from '@bookshop/contracts/vat';
import type { Tx } from '../../platform/db.ts';
import { taxDocumentCounters, taxDocuments } from './schema.ts';

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;
export type NewTaxDocument = typeof taxDocuments.$inferInsert;

/**
 * The next number of a type and year: the counter row is created at 1 or raised by one, and its
 * row lock is held until the caller's transaction ends, so a concurrent issuer (on any instance)
 * waits and then takes the number after; a rolled-back issue gives its number back.
 */
export async function nextSequence(tx: Tx, type: TaxDocumentType, year: number): Promise<number> {
  const [counter] = await tx
    .insert(taxDocumentCounters)
    .values({ type, year, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [taxDocumentCounters.type, taxDocumentCounters.year],
      set: { lastSequence: sql`${taxDocumentCounters.lastSequence} + 1` },
    })
    .returning({ lastSequence: taxDocumentCounters.lastSequence });
  return counter!.lastSequence;
}

export async function insertDocument(tx: Tx, document: NewTaxDocument): Promise<TaxDocumentRow> {
  const [row] = await tx.insert(taxDocuments).values(document).returning();
  return row!;
}

export async function findInvoice(tx: Tx, orderId: number): Promise<TaxDocumentRow | undefined> {
  const [row] = await tx
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.type, 'invoice')));
  return row;
}

/** The credit note of a return, or (`returnId` null) of the order's cancellation. */
export async function findCreditNote(
  tx: Tx,
  orderId: number,
  returnId: number | null,
): Promise<TaxDocumentRow | undefined> {
  const [row] = await tx
    .select()
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.orderId, orderId),
        eq(taxDocuments.type, 'credit-note'),
        returnId === null ? isNull(taxDocuments.returnId) : eq(taxDocuments.returnId, returnId),
      ),
    );
  return row;
}

export async function findById(tx: Tx, id: number): Promise<TaxDocumentRow | undefined> {
  const [row] = await tx.select().from(taxDocuments).where(eq(taxDocuments.id, id));
  return row;
}

export async function findByNumber(tx: Tx, orderId: number, number: string): Promise<TaxDocumentRow | undefined> {
  const [row] = await tx
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.number, number)));
  return row;
}

/** The documents of these orders, oldest first. */
export const listForOrders = (tx: Tx, orderIds: number[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({
          id: taxDocuments.id,
          orderId: taxDocuments.orderId,
          type: taxDocuments.type,
          number: taxDocuments.number,
          issuedAt: taxDocuments.issuedAt,
          totalFils: taxDocuments.totalFils,
          vatFils: taxDocuments.vatFils,
          content: taxDocuments.content,
        })
        .from(taxDocuments)
        .where(inArray(taxDocuments.orderId, orderIds))
        .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id));
