import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DashboardQuerySchema, DashboardSchema } from '@bookshop/contracts/dashboard';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { Permission } from '@bookshop/contracts/roles';
import { requirePermission } from '../../platform/auth.ts';
import type { DashboardService } from './service.ts';

export const dashboardRoutes: FastifyPluginCallbackZod<{ dashboard: DashboardService }> = (
  app,
  { dashboard },
  done,
) => {
  app.get(
    '/v1/dashboard',
    {
      onRequest: [requirePermission(Permission.ViewOrders)],
      schema: {
        tags: ['dashboard'],
        summary: 'Revenue, orders, customers, best sellers, low stock and revenue per day; Dubai days',
        querystring: DashboardQuerySchema,
        response: { 200: DashboardSchema, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    (request) => dashboard.get(request.query.range),
  );
  done();
};
