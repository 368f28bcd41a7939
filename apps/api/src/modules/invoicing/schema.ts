import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { Emirate } from '@bookshop/contracts/emirates';
import type { TaxDocumentType } from '@bookshop/contracts/vat';
import { orderReturns, orders } from '../orders/schema.ts';
import type { TaxDocumentContent } from './document.ts';

/**
 * Tax invoices and credit notes (issue 23, decision 085). A row is written once, in the
 * transaction that pays an order or decides to pay money back, and never updated: `content` holds
 * every figure and a snapshot of both parties, and the PDF is rendered from it alone, so renaming a
 * book or changing the shop's settings later changes no issued document. The amounts beside it are
 * copies of the content's totals for the VAT return (positive for both types).
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: serial('id').primaryKey(),
    type: text('type').$type<TaxDocumentType>().notNull(),
    /** 'INV-2026-000001': `year` and `sequence` written out (contracts/vat.ts taxDocumentNumber). */
    number: text('number').notNull(),
    year: smallint('year').notNull(),
    sequence: integer('sequence').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** A credit note's invoice. */
    correctsId: integer('corrects_id').references((): AnyPgColumn => taxDocuments.id, { onDelete: 'restrict' }),
    /** The return a credit note pays back; null for an invoice and for a cancelled order's credit note. */
    returnId: integer('return_id').references(() => orderReturns.id, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The day of issue on the shop's clock: the VAT return's periods are shop days. */
    issuedOn: date('issued_on').notNull(),
    /** The order's emirate at checkout; null: not given (the VAT return's 'Not given'). */
    emirate: text('emirate').$type<Emirate>(),
    netFils: integer('net_fils').notNull(),
    vatFils: integer('vat_fils').notNull(),
    totalFils: integer('total_fils').notNull(),
    content: jsonb('content').$type<TaxDocumentContent>().notNull(),
  },
  (t) => [
    uniqueIndex('tax_documents_number_key').on(t.number),
    uniqueIndex('tax_documents_sequence_key').on(t.type, t.year, t.sequence),
    // One invoice per order; one credit note per return, and one for a cancelled order's refund.
    uniqueIndex('tax_documents_invoice_key')
      .on(t.orderId)
      .where(sql`${t.type} = 'invoice'`),
    uniqueIndex('tax_documents_return_key')
      .on(t.returnId)
      .where(sql`${t.returnId} is not null`),
    uniqueIndex('tax_documents_cancellation_key')
      .on(t.orderId)
      .where(sql`${t.type} = 'credit-note' and ${t.returnId} is null`),
    index('tax_documents_issued_idx').on(t.issuedOn, t.id),
    check('tax_documents_type_check', sql`${t.type} in ('invoice', 'credit-note')`),
    check('tax_documents_sum_check', sql`${t.netFils} + ${t.vatFils} = ${t.totalFils}`),
    check('tax_documents_credit_note_check', sql`(${t.type} = 'invoice') = (${t.correctsId} is null)`),
  ],
);

/**
 * The last number given per type and year. Taking the next one updates this row, whose lock is
 * held until the issuing transaction ends, so numbers are consecutive across instances and a
 * rolled-back transaction gives its number back (no gaps, no duplicates).
 */
export const taxDocumentCounters = pgTable(
  'tax_document_counters',
  {
    type: text('type').$type<TaxDocumentType>().notNull(),
    year: smallint('year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.type, t.year] })],
);
