import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  CARRIERS,
  CarrierListSchema,
  CreateShipmentSchema,
  ShipmentParamsSchema,
  ToShipCountSchema,
  UpdateFulfilmentSchema,
  UpdateShipmentSchema,
} from '@bookshop/contracts/fulfilment';
import { z } from 'zod';
import { OrderParamsSchema, StaffOrderSchema } from '@bookshop/contracts/orders';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { Permission } from '@bookshop/contracts/roles';
import { requirePermission, userOf } from '../../platform/auth.ts';
import type { Fulfilment } from './fulfilment.ts';
import { renderPackingSlip } from './packing-slip.ts';
import type { OrdersService } from './service.ts';

const tags = ['orders'];
const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

/** Packing, shipping and delivery (decision 078): staff with orders:fulfil; the carriers for anyone. */
export const fulfilmentRoutes: FastifyPluginCallbackZod<{
  fulfilment: Fulfilment;
  orders: Pick<OrdersService, 'countToShip' | 'getForStaff'>;
}> = (app, { fulfilment, orders }, done) => {
  app.get(
    '/v1/carriers',
    {
      schema: {
        tags,
        summary:
          'The carriers the shop ships with; a tracking URL is the template with the number in place of {trackingNumber}',
        response: { 200: CarrierListSchema },
      },
    },
    (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return [...CARRIERS];
    },
  );

  app.get(
    '/v1/orders/to-ship-count',
    {
      onRequest: [requirePermission(Permission.ViewOrders)],
      schema: {
        tags,
        summary: 'How many paid orders still have copies to ship (unfulfilled, packed or partially shipped)',
        response: { 200: ToShipCountSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { toShip: await orders.countToShip() };
    },
  );

  app.get(
    '/v1/orders/:id/packing-slip',
    {
      onRequest: [requirePermission(Permission.ViewOrders)],
      schema: {
        tags,
        summary:
          'A printable packing slip (HTML): the order number in large text, the delivery address, every line and its copies',
        params: OrderParamsSchema,
        produces: ['text/html'],
        response: {
          200: z.string().describe('text/html; charset=utf-8'),
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      const order = await orders.getForStaff(request.params.id);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(renderPackingSlip(order));
    },
  );

  app.patch(
    '/v1/orders/:id/fulfilment',
    {
      onRequest: [requirePermission(Permission.FulfilOrders)],
      schema: {
        tags,
        summary:
          "Mark a paid, unfulfilled order as packed ({ status: 'packed' }); cancelled, unpaid or already packed 409",
        params: OrderParamsSchema,
        body: UpdateFulfilmentSchema,
        response: { 200: StaffOrderSchema, ...problems },
      },
    },
    (request) => fulfilment.pack(request.params.id, userOf(request).id),
  );

  app.post(
    '/v1/orders/:id/shipments',
    {
      onRequest: [requirePermission(Permission.FulfilOrders)],
      schema: {
        tags,
        summary:
          'Ship a parcel: carrier, tracking number (optional only for shop-courier) and lines (default: every copy not yet shipped). Unpaid or cancelled 409; more copies than are left 400',
        params: OrderParamsSchema,
        body: CreateShipmentSchema,
        response: { 201: StaffOrderSchema, ...problems },
      },
    },
    async (request, reply) => {
      const order = await fulfilment.ship(request.params.id, request.body, userOf(request).id);
      return reply.code(201).send(order);
    },
  );

  app.patch(
    '/v1/orders/:id/shipments/:shipmentId',
    {
      onRequest: [requirePermission(Permission.FulfilOrders)],
      schema: {
        tags,
        summary:
          "Mark a parcel delivered ({ status: 'delivered' }); the order is delivered when every copy shipped and every parcel arrived. Already delivered 409",
        params: ShipmentParamsSchema,
        body: UpdateShipmentSchema,
        response: { 200: StaffOrderSchema, ...problems },
      },
    },
    (request) => fulfilment.deliver(request.params.id, request.params.shipmentId, request.body, userOf(request).id),
  );
  done();
};
