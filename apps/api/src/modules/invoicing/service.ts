import { countryName } from '@bookshop/contracts/country-name';
import { filsToAed } from '@bookshop/contracts/money';
import { orderNumber } from '@bookshop/contracts/orders';
import { shopDate, shopYear } from '@bookshop/contracts/shop-clock';
import {
  TAX_DOCUMENT_TITLES,
  taxDocumentNumber,
  type OrderDocument,
  type TaxDocumentType,
} from '@bookshop/contracts/vat';
import { API_PREFIX } from '../../platform/api-prefix.ts';
import type { ShopSettings } from '../../platform/config.ts';
import type { Database, Tx } from '../../platform/db.ts';
import type { MailAttachment, ResolvedAttachment } from '../../platform/mailer.ts';
import type { Contact } from '../auth/accounts-service.ts';
import type { OrderItemRow, OrderRow } from '../orders/service.ts';
import type { TaxDocumentContent, TaxDocumentLine } from './document.ts';
import { orderLines, taxLines, type SoldLine } from './lines.ts';
import * as queries from './queries.ts';

/**
 * Tax invoices and credit notes (issue 23, decision 085). The order's lifecycle and returns call
 * these in the transaction that takes or gives back the money, under the order's (or the
 * return's) row lock: an invoice when an order is paid, a credit note when a paid order is
 * cancelled or a return received. Each is written once with every figure and both parties in its
 * content, numbered from its type's counter row, and never changed; its PDF is rendered from
 * that content alone, so it reads the same whatever happens to the book, the customer or the
 * shop's settings later.
 */

export type InvoicingDeps = {
  db: Database;
  shop: ShopSettings;
  accounts: {
    contact(accountId: number, options: { tx: Tx }): Promise<Contact | null>;
  };
  render: (content: TaxDocumentContent) => Promise<Buffer>;
};

/** What an invoice is made from: the order's row as the lifecycle holds it. */
export type InvoicedOrder = Pick<
  OrderRow,
  | 'id'
  | 'customerId'
  | 'totalFils'
  | 'deliveryMethodName'
  | 'deliveryFeeFils'
  | 'codFeeFils'
  | 'address'
  | 'city'
  | 'zipCode'
  | 'country'
  | 'emirate'
  | 'recipientName'
>;
export type InvoicedItem = Pick<OrderItemRow, 'bookId' | 'title' | 'quantity' | 'priceFils' | 'discountedPriceFils'>;

/** An issued document, as a mail attaches it. */
export type IssuedDocument = { id: number; type: TaxDocumentType; number: string };

/** The mailer's attachment source that renders an issued document when its mail is delivered. */
export const TAX_DOCUMENT_ATTACHMENTS = 'tax-document';

const issued = (row: queries.TaxDocumentRow): IssuedDocument => ({ id: row.id, type: row.type, number: row.number });

/** The rate the shop charges now: VAT_RATE_PERCENT, or 0 when it has no TRN. */
const currentRate = (shop: ShopSettings) => (shop.trn === null ? 0 : shop.vatRatePercent);

function addressLines(order: InvoicedOrder): string[] {
  return [
    ...(order.recipientName ? [order.recipientName] : []),
    order.address,
    `${order.city}${order.zipCode ? ` ${order.zipCode}` : ''}`,
    ...(order.emirate && order.emirate !== order.city ? [order.emirate] : []),
    countryName(order.country),
  ];
}

type Parties = Pick<TaxDocumentContent, 'seller' | 'customer'>;

/** Numbers and stores a document in `tx`; the counter's row lock keeps the sequence whole. */
async function issue(
  tx: Tx,
  type: TaxDocumentType,
  at: Date,
  document: Parties & {
    order: InvoicedOrder;
    lines: TaxDocumentLine[];
    totals: { netFils: number; vatFils: number; totalFils: number };
    vatRatePercent: number;
    corrects: queries.TaxDocumentRow | null;
    returnId: number | null;
    reason: string | null;
  },
): Promise<IssuedDocument> {
  const year = shopYear(at);
  const sequence = await queries.nextSequence(tx, type, year);
  const number = taxDocumentNumber(type, year, sequence);
  const registered = document.seller.trn !== null;
  const titles = TAX_DOCUMENT_TITLES[type];
  const content: TaxDocumentContent = {
    type,
    title: registered ? titles.registered : titles.unregistered,
    arabicTitle: registered ? titles.arabic : null,
    number,
    issuedAt: at.toISOString(),
    issuedOn: shopDate(at),
    suppliedOn: shopDate(at),
    orderNumber: orderNumber(document.order.id),
    correctsNumber: document.corrects?.number ?? null,
    reason: document.reason,
    seller: document.seller,
    customer: document.customer,
    currency: 'AED',
    vatRatePercent: document.vatRatePercent,
    lines: document.lines,
    ...document.totals,
  };
  const row = await queries.insertDocument(tx, {
    type,
    number,
    year,
    sequence,
    orderId: document.order.id,
    correctsId: document.corrects?.id ?? null,
    returnId: document.returnId,
    issuedAt: at,
    issuedOn: content.issuedOn,
    emirate: document.order.emirate,
    ...document.totals,
    content,
  });
  return issued(row);
}

/**
 * The tax invoice of an order that became paid at `paidAt` (card, or cash collected), in the
 * paying transaction; an order invoiced already keeps its invoice (idempotent).
 */
export async function issueInvoice(
  deps: Pick<InvoicingDeps, 'shop' | 'accounts'>,
  tx: Tx,
  order: InvoicedOrder,
  items: InvoicedItem[],
  paidAt: Date,
): Promise<IssuedDocument> {
  const existing = await queries.findInvoice(tx, order.id);
  if (existing) return issued(existing);
  const { shop } = deps;
  const vatRatePercent = currentRate(shop);
  const { lines, ...totals } = taxLines(orderLines({ ...order, items }), vatRatePercent);
  if (totals.totalFils !== order.totalFils)
    throw new Error(`order ${order.id}: its lines come to ${totals.totalFils} fils, its total is ${order.totalFils}`);
  const customer = await deps.accounts.contact(order.customerId, { tx });
  return issue(tx, 'invoice', paidAt, {
    order,
    seller: { legalName: shop.legalName, address: shop.address, trn: shop.trn, trnNote: shop.trnNote },
    customer: {
      name: customer?.fullName ?? order.recipientName ?? '',
      email: customer?.emailAddress ?? '',
      addressLines: addressLines(order),
    },
    lines,
    totals,
    vatRatePercent,
    corrects: null,
    returnId: null,
    reason: null,
  });
}

/**
 * A credit note correcting the order's invoice: it speaks for the same supply, so it names the
 * same parties at the invoice's rate. Null when the order has no invoice (paid before invoices
 * existed): there is nothing to correct.
 */
async function creditNote(
  tx: Tx,
  order: InvoicedOrder,
  at: Date,
  what: { returnId: number | null; reason: string; lines: (invoice: TaxDocumentContent) => TaxDocumentLine[] },
): Promise<IssuedDocument | null> {
  const invoice = await queries.findInvoice(tx, order.id);
  if (!invoice) return null;
  const existing = await queries.findCreditNote(tx, order.id, what.returnId);
  if (existing) return issued(existing);
  const lines = what.lines(invoice.content);
  return issue(tx, 'credit-note', at, {
    order,
    seller: invoice.content.seller,
    customer: invoice.content.customer,
    lines,
    totals: {
      netFils: lines.reduce((sum, line) => sum + line.netFils, 0),
      vatFils: lines.reduce((sum, line) => sum + line.vatFils, 0),
      totalFils: lines.reduce((sum, line) => sum + line.totalFils, 0),
    },
    vatRatePercent: invoice.content.vatRatePercent,
    corrects: invoice,
    returnId: what.returnId,
    reason: what.reason,
  });
}

/** A paid order cancelled by staff: the whole payment goes back, so every line of its invoice. */
export const issueCancellationCreditNote = (tx: Tx, order: InvoicedOrder, at: Date) =>
  creditNote(tx, order, at, { returnId: null, reason: 'Order cancelled', lines: (invoice) => invoice.lines });

/** A return received: its lines at the price paid for them, their VAT by the same rule. */
export function issueReturnCreditNote(
  tx: Tx,
  order: InvoicedOrder,
  ret: { id: number; lines: { bookId: number; quantity: number; priceFils: number }[] },
  items: InvoicedItem[],
  at: Date,
): Promise<IssuedDocument | null> {
  const copies = ret.lines.reduce((sum, line) => sum + line.quantity, 0);
  const sold: SoldLine[] = ret.lines.map((line) => {
    const item = items.find((i) => i.bookId === line.bookId);
    return {
      description: item?.title ?? `Book ${line.bookId}`,
      quantity: line.quantity,
      unitPriceFils: item?.priceFils ?? line.priceFils,
      unitPaidFils: line.priceFils,
    };
  });
  return creditNote(tx, order, at, {
    returnId: ret.id,
    reason: `Return of ${copies} ${copies === 1 ? 'book' : 'books'}`,
    lines: (invoice) => taxLines(sold, invoice.vatRatePercent).lines,
  });
}

/** The order JSON's VAT: by the same rule over its lines, at its invoice's rate (else today's), and its documents. */
export type OrderVat = { vatRate: number; vatAmount: number; netAmount: number; documents: OrderDocument[] };

export const documentUrl = (orderId: number, document: { type: TaxDocumentType; number: string }) =>
  document.type === 'invoice'
    ? `${API_PREFIX}/v1/orders/${orderId}/invoice`
    : `${API_PREFIX}/v1/orders/${orderId}/credit-notes/${document.number}`;

export async function orderVat(
  deps: Pick<InvoicingDeps, 'shop'>,
  tx: Tx,
  orders: (Pick<InvoicedOrder, 'id' | 'deliveryMethodName' | 'deliveryFeeFils' | 'codFeeFils'> & {
    items: InvoicedItem[];
  })[],
): Promise<Map<number, OrderVat>> {
  const documents = await queries.listForOrders(
    tx,
    orders.map((order) => order.id),
  );
  return new Map(
    orders.map((order) => {
      const own = documents.filter((document) => document.orderId === order.id);
      const invoice = own.find((document) => document.type === 'invoice');
      const vatRate = invoice ? invoice.content.vatRatePercent : currentRate(deps.shop);
      const { netFils, vatFils } = taxLines(orderLines(order), vatRate);
      return [
        order.id,
        {
          vatRate,
          vatAmount: filsToAed(vatFils),
          netAmount: filsToAed(netFils),
          documents: own.map((document) => ({
            type: document.type,
            number: document.number,
            issuedAt: document.issuedAt.toISOString(),
            total: filsToAed(document.totalFils),
            vatAmount: filsToAed(document.vatFils),
            url: documentUrl(order.id, document),
          })),
        },
      ];
    }),
  );
}

/** A document of an order as a PDF file; undefined when the order has none such (the route's 404). */
export async function documentPdf(
  deps: Pick<InvoicingDeps, 'db' | 'render'>,
  orderId: number,
  which: { type: 'invoice' } | { type: 'credit-note'; number: string },
): Promise<{ filename: string; pdf: Buffer } | undefined> {
  const row =
    which.type === 'invoice'
      ? await queries.findInvoice(deps.db, orderId)
      : await queries.findByNumber(deps.db, orderId, which.number);
  if (row?.type !== which.type) return undefined;
  return { filename: `${row.number}.pdf`, pdf: await deps.render(row.content) };
}

/** The mailer's hook: a document attached to a mail is rendered when the mail is delivered. */
export async function resolveAttachment(
  deps: Pick<InvoicingDeps, 'db' | 'render'>,
  ref: string,
): Promise<ResolvedAttachment> {
  const row = await queries.findById(deps.db, Number(ref));
  if (!row) throw new Error(`tax document ${ref} does not exist`);
  return { filename: `${row.number}.pdf`, contentType: 'application/pdf', content: await deps.render(row.content) };
}

export const attachmentOf = (document: IssuedDocument): MailAttachment => ({
  source: TAX_DOCUMENT_ATTACHMENTS,
  ref: String(document.id),
});

/** The use cases above bound to their dependencies, as app.ts hands them to orders and the routes. */
export function createInvoicing(deps: InvoicingDeps) {
  return {
    issueInvoice: (tx: Tx, order: InvoicedOrder, items: InvoicedItem[], paidAt: Date) =>
      issueInvoice(deps, tx, order, items, paidAt),
    issueCancellationCreditNote,
    issueReturnCreditNote,
    attachmentOf,
    orderVat: (tx: Tx, orders: Parameters<typeof orderVat>[2]) => orderVat(deps, tx, orders),
    documentPdf: (orderId: number, which: Parameters<typeof documentPdf>[2]) => documentPdf(deps, orderId, which),
    resolveAttachment: (ref: string) => resolveAttachment(deps, ref),
  };
}
export type Invoicing = ReturnType<typeof createInvoicing>;
