import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../platform/api-prefix.ts';
import type { ShopSettings } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { findOrderRow } from '../orders/service.ts';
import type { TaxDocumentContent } from './document.ts';
import { vatReportRoutes } from './report-routes.ts';
import { createVatReportService } from './report-service.ts';
import { invoicingRoutes } from './routes.ts';
import { createInvoicing, TAX_DOCUMENT_ATTACHMENTS, type Invoicing, type InvoicingDeps } from './service.ts';

/**
 * A document's PDF. The PDF library and its fonts load with the first document drawn, not with
 * every start of the server (or of every API test file): most starts draw none.
 */
const renderPdf = async (content: TaxDocumentContent) => (await import('./pdf.ts')).renderTaxDocumentPdf(content);

/**
 * Tax invoices and credit notes (decision 085): the service the order lifecycle and returns call
 * when money comes in or goes back, the order JSON's VAT, the download routes, and the mailer's
 * source for the documents mails attach, and the VAT return read from the documents (decision 087).
 * Registered before orders, which it is handed to.
 */
export async function registerInvoicing(
  app: FastifyInstance,
  deps: { db: Database; shop: ShopSettings; accounts: InvoicingDeps['accounts']; mailer: Mailer },
): Promise<Invoicing> {
  const { db, shop, accounts, mailer } = deps;
  const invoicing = createInvoicing({ db, shop, accounts, render: renderPdf });
  mailer.registerAttachmentSource(TAX_DOCUMENT_ATTACHMENTS, invoicing.resolveAttachment);
  await app.register(invoicingRoutes, {
    prefix: API_PREFIX,
    invoicing,
    customerOf: async (orderId) => (await findOrderRow(orderId, { tx: db }))?.customerId,
  });
  await app.register(vatReportRoutes, { prefix: API_PREFIX, vatReport: createVatReportService({ db }) });
  return invoicing;
}
