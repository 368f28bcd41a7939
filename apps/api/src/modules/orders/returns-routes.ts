import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { OrderParamsSchema, OrderSchema } from '@bookshop/contracts/orders';
import { pageOf } from '@bookshop/contracts/pagination';
import { ProblemSchema } from '@bookshop/contracts/problem';
import {
  CreateReturnSchema,
  ReturnParamsSchema,
  ReturnQuerySchema,
  StaffReturnSchema,
  UpdateReturnSchema,
} from '@bookshop/contracts/returns';
import { Permission } from '@bookshop/contracts/roles';
import { requireCustomer, requirePermission, userOf } from '../../platform/auth.ts';
import type { Returns } from './returns.ts';

const tags = ['orders'];
const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

/** Returns (decision 080): the customer asks; staff with orders:manage list them and take each step. */
export const returnsRoutes: FastifyPluginCallbackZod<{ returns: Returns }> = (app, { returns }, done) => {
  app.post(
    '/v1/orders/:id/returns',
    {
      onRequest: [requireCustomer],
      schema: {
        tags,
        summary:
          "The signed-in customer asks to return delivered copies of their own order (reason 10–500 characters). 409 past the return window, for copies not delivered or already returned; another customer's order 404",
        params: OrderParamsSchema,
        body: CreateReturnSchema,
        response: { 201: OrderSchema, ...problems },
      },
    },
    async (request, reply) => {
      const order = await returns.request(userOf(request).id, request.params.id, request.body);
      return reply.code(201).send(order);
    },
  );

  app.get(
    '/v1/returns',
    {
      onRequest: [requirePermission(Permission.ManageOrders)],
      schema: {
        tags,
        summary: 'Returns, oldest first, optionally of one status (staff who manage orders)',
        querystring: ReturnQuerySchema,
        response: { 200: pageOf(StaffReturnSchema), 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return returns.list(request.query);
    },
  );

  app.patch(
    '/v1/returns/:id',
    {
      onRequest: [requirePermission(Permission.ManageOrders)],
      schema: {
        tags,
        summary:
          'Approve or reject a requested return, receive an approved one (its lines are refunded; restock: true puts the copies back), or mark a cash-on-delivery refund paid ({ refundPaid: true }). Receiving twice changes nothing; any other step out of order 409',
        params: ReturnParamsSchema,
        body: UpdateReturnSchema,
        response: { 200: StaffReturnSchema, ...problems },
      },
    },
    (request) => returns.update(request.params.id, request.body, userOf(request).id),
  );
  done();
};
