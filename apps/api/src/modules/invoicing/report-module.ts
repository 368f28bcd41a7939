import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../platform/api-prefix.ts';
import type { Database } from '../../platform/db.ts';
import { vatReportRoutes } from './report-routes.ts';
import { createVatReportService } from './report-service.ts';

/**
 * The VAT return's routes (decision 087). They read the invoicing module's own table, so they live
 * here rather than in a module of their own; `registerInvoicing` may call this when it exists.
 */
export async function registerVatReport(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  await app.register(vatReportRoutes, { prefix: API_PREFIX, vatReport: createVatReportService({ db }) });
}
