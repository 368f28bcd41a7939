import { Readable } from 'node:stream';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { VatReportQuerySchema, VatReportSchema } from '@bookshop/contracts/reports';
import { Permission } from '@bookshop/contracts/roles';
import { requirePermission } from '../../platform/auth.ts';
import { vatCsvFileName, type VatReportService } from './report-service.ts';

const tags = ['reports'];
const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };

/** The VAT return (issue 23, decision 087): its figures and its documents as CSV, for `reports:view`. */
export const vatReportRoutes: FastifyPluginCallbackZod<{ vatReport: VatReportService }> = (
  app,
  { vatReport },
  done,
) => {
  app.get(
    '/v1/reports/vat',
    {
      onRequest: [requirePermission(Permission.ViewReports)],
      schema: {
        tags,
        summary: "The VAT return's figures for a period of shop days: sales by emirate, credit notes, VAT due",
        querystring: VatReportQuerySchema,
        response: { 200: VatReportSchema, ...problems },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return vatReport.report(request.query);
    },
  );

  app.get(
    '/v1/reports/vat.csv',
    {
      onRequest: [requirePermission(Permission.ViewReports)],
      schema: {
        tags,
        summary: 'Every tax invoice and credit note of a period of shop days as CSV, in order of issue, streamed',
        querystring: VatReportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv; charset=utf-8'), ...problems },
      },
    },
    (request, reply) => {
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${vatCsvFileName(request.query)}"`)
        .header('cache-control', 'no-store');
      void reply.send(Readable.from(vatReport.csv(request.query)) as never);
    },
  );
  done();
};
