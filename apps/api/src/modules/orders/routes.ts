import { Readable } from 'node:stream';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangeOrderStatusSchema,
  OrderExportQuerySchema,
  StaffOrderSchema,
  CustomerOrderQuerySchema,
  OrderPageSchema,
  OrderForCallerSchema,
  OrderSchema,
  OrderParamsSchema,
  StaffOrderPageSchema,
  StaffOrderQuerySchema,
} from '@bookshop/contracts/orders';
import { PersonType } from '@bookshop/contracts/enums';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { Permission } from '@bookshop/contracts/roles';
import { shopDate } from '@bookshop/contracts/shop-clock';
import { requireCustomer, requireCustomerOrPermission, requirePermission, userOf } from '../../platform/auth.ts';
import { PaymentsUnavailableProblem } from '../payments/provider.ts';
import type { OrderLifecycle } from './lifecycle.ts';
import type { OrdersService } from './service.ts';

const tags = ['orders'];
const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };

export const ordersRoutes: FastifyPluginCallbackZod<{
  orders: OrdersService;
  lifecycle: Pick<OrderLifecycle, 'cancelByStaff' | 'cancelByCustomer'>;
}> = (app, { orders, lifecycle }, done) => {
  app.get(
    '/v1/orders/export.csv',
    {
      onRequest: [requirePermission(Permission.ViewOrders)],
      schema: {
        tags,
        summary: "The staff list's orders as CSV (same filters, no paging), newest first, streamed",
        querystring: OrderExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv; charset=utf-8'), ...problems },
      },
    },
    (request, reply) => {
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${shopDate(Date.now())}.csv"`)
        .header('cache-control', 'no-store');
      // Streamed batch by batch (the serializer is not involved in a stream), so memory stays flat.
      void reply.send(Readable.from(orders.exportCsv(request.query)) as never);
    },
  );

  app.patch(
    '/v1/orders/:id/status',
    {
      onRequest: [requirePermission(Permission.ManageOrders)],
      schema: {
        tags,
        summary:
          'Cancel an order (status 3, with a reason): a Pending one releases its copies, a Completed one is refunded; anything else 409',
        params: OrderParamsSchema,
        body: ChangeOrderStatusSchema,
        response: { 200: StaffOrderSchema, ...problems, 404: ProblemSchema, 409: ProblemSchema, 503: ProblemSchema },
      },
    },
    (request) => lifecycle.cancelByStaff(request.params.id, request.body, userOf(request).id),
  );

  app.post(
    '/v1/orders/:id/cancel',
    {
      onRequest: [requireCustomer],
      schema: {
        tags,
        summary:
          "The signed-in customer cancels their own Pending order: its payment page is expired and its copies released. 409 when it is no longer awaiting payment; another customer's order 404",
        params: OrderParamsSchema,
        response: { 200: OrderSchema, ...problems, 404: ProblemSchema, 409: ProblemSchema, 503: ProblemSchema },
      },
    },
    async (request, reply) => {
      try {
        return await lifecycle.cancelByCustomer(userOf(request).id, request.params.id);
      } catch (error) {
        if (error instanceof PaymentsUnavailableProblem) reply.header('retry-after', error.retryAfterSeconds);
        throw error;
      }
    },
  );

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
      onRequest: [requireCustomerOrPermission(Permission.ViewOrders)],
      schema: {
        tags,
        summary:
          "One order. Staff who may view orders: any order, with who placed it (StaffOrder); other staff 403. A customer: their own (Order); another's 404",
        params: OrderParamsSchema,
        response: { 200: OrderForCallerSchema, ...problems, 404: ProblemSchema },
      },
    },
    (request) => {
      const user = userOf(request);
      return user.personType === PersonType.Customer
        ? orders.getForCustomer(user.id, request.params.id)
        : orders.getForStaff(request.params.id);
    },
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
