import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { CreateStockAlertSchema, StockAlertListSchema, StockAlertParamsSchema } from '@bookshop/contracts/stock-alerts';
import { userOf } from '../../platform/auth.ts';
import { customerRoute } from '../../platform/customer-routes.ts';
import type { StockAlertsService } from './service.ts';

const tags = ['stock-alerts'];

export const stockAlertRoutes: FastifyPluginCallbackZod<{ stockAlerts: StockAlertsService }> = (
  app,
  { stockAlerts },
  done,
) => {
  app.get(
    '/v1/stock-alerts',
    customerRoute(tags, 'The books the customer waits for, newest first', {
      response: { 200: StockAlertListSchema },
    }),
    (request) => stockAlerts.list(userOf(request).id),
  );

  app.post(
    '/v1/stock-alerts',
    customerRoute(tags, 'Be e-mailed once when a sold-out book is back: 201 new, 200 already asked', {
      body: CreateStockAlertSchema,
      response: {
        200: z.null(),
        201: z.null(),
        400: ProblemSchema,
        404: ProblemSchema,
        409: ProblemSchema,
      },
    }),
    async (request, reply) => {
      const created = await stockAlerts.create(userOf(request).id, request.body.bookId);
      return reply.code(created ? 201 : 200).send(null);
    },
  );

  app.delete(
    '/v1/stock-alerts/:bookId',
    customerRoute(tags, 'Stop waiting for a book', {
      params: StockAlertParamsSchema,
      response: { 204: z.null(), 400: ProblemSchema, 404: ProblemSchema },
    }),
    async (request, reply) => {
      await stockAlerts.remove(userOf(request).id, request.params.bookId);
      return reply.code(204).send(null);
    },
  );
  done();
};
