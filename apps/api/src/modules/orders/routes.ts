import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  CustomerOrderQuerySchema,
  OrderPageSchema,
  OrderParamsSchema,
  OrderSchema,
  StaffOrderPageSchema,
  StaffOrderQuerySchema,
} from '@bookshop/contracts/orders';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { Permission } from '@bookshop/contracts/roles';
import { requireCustomer, requirePermission, requireSignedIn, userOf } from '../../platform/auth.ts';
import type { OrdersService } from './service.ts';

const tags = ['orders'];
const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };

export const ordersRoutes: FastifyPluginCallbackZod<{ orders: OrdersService }> = (app, { orders }, done) => {
  app.get(
    '/v1/orders/customer',
    {
      onRequest: [requireCustomer],
      schema: {
        tags,
        summary: "The signed-in customer's orders, newest first, optionally of one status",
        querystring: CustomerOrderQuerySchema,
        response: { 200: OrderPageSchema, ...problems },
      },
    },
    (request) => orders.listForCustomer(userOf(request).id, request.query),
  );

  app.get(
    '/v1/orders/:id',
    {
      onRequest: [requireSignedIn],
      schema: {
        tags,
        summary: "One order: its owner's, or any for staff who may view orders; anyone else 404",
        params: OrderParamsSchema,
        response: { 200: OrderSchema, ...problems, 404: ProblemSchema },
      },
    },
    (request) => orders.getFor(userOf(request), request.params.id),
  );

  app.get(
    '/v1/orders',
    {
      onRequest: [requirePermission(Permission.ViewOrders)],
      schema: {
        tags,
        summary: 'Every order, newest first (staff who may view orders); filters status, from, to, customer',
        querystring: StaffOrderQuerySchema,
        response: { 200: StaffOrderPageSchema, ...problems },
      },
    },
    (request) => orders.listForStaff(request.query),
  );
  done();
};
