import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  AddressPageSchema,
  AddressParamsSchema,
  AddressQuerySchema,
  AddressSchema,
  CreateAddressSchema,
  DeliveryMethodsQuerySchema,
  UpdateAddressSchema,
} from '@bookshop/contracts/addresses';
import { DeliveryQuoteSchema } from '@bookshop/contracts/delivery';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { z } from 'zod';
import { userOf } from '../../platform/auth.ts';
import { customerRoute } from '../../platform/customer-routes.ts';
import type { DeliveryService } from '../delivery/service.ts';
import type { AddressesService } from './service.ts';

const tags = ['addresses'];
/** What the routes on one address may answer besides their own: a bad id (400) or not the caller's (404). */
const oneAddress = { 400: ProblemSchema, 404: ProblemSchema };

export const addressesRoutes: FastifyPluginCallbackZod<{ addresses: AddressesService; delivery: DeliveryService }> = (
  app,
  { addresses, delivery },
  done,
) => {
  app.get(
    '/v1/customers-addresses/delivery-methods',
    customerRoute(
      [...tags, 'delivery'],
      "Delivery methods with their fees for the signed-in customer's cart: standard (free over Dhs 150.00) and next-day (only when every book is eligible), each with the areas it is offered in. With addressId, a method that does not reach that address is unavailable and says why; an address no method reaches is refused (409)",
      {
        querystring: DeliveryMethodsQuerySchema,
        response: { 200: DeliveryQuoteSchema, 400: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema },
      },
    ),
    (request) => delivery.quoteForCart(userOf(request).id, request.query),
  );

  app.get(
    '/v1/customers-addresses',
    customerRoute(tags, "A page of the customer's addresses, main first, then newest", {
      querystring: AddressQuerySchema,
      response: { 200: AddressPageSchema, 400: ProblemSchema },
    }),
    (request) => addresses.list(userOf(request).id, request.query),
  );

  app.get(
    '/v1/customers-addresses/:id',
    customerRoute(tags, 'One of the customer’s addresses', {
      params: AddressParamsSchema,
      response: { 200: AddressSchema, ...oneAddress },
    }),
    (request) => addresses.get(userOf(request).id, request.params.id),
  );

  app.post(
    '/v1/customers-addresses',
    customerRoute(
      tags,
      'Add an address; the first one is main, a later one only with isMain true. Phone numbers are stored in E.164',
      { body: CreateAddressSchema, response: { 201: AddressSchema, 400: ProblemSchema, 409: ProblemSchema } },
    ),
    async (request, reply) => reply.status(201).send(await addresses.create(userOf(request).id, request.body)),
  );

  app.put(
    '/v1/customers-addresses',
    customerRoute(
      tags,
      'Replace an address (id in the body); isMain true makes it main, false or absent leaves main where it is',
      { body: UpdateAddressSchema, response: { 200: AddressSchema, ...oneAddress } },
    ),
    (request) => addresses.update(userOf(request).id, request.body),
  );

  app.patch(
    '/v1/customers-addresses/:id/main-address',
    customerRoute(tags, 'Make this the main address; every other address stops being main', {
      params: AddressParamsSchema,
      response: { 200: AddressSchema, ...oneAddress },
    }),
    (request) => addresses.setMain(userOf(request).id, request.params.id),
  );

  app.delete(
    '/v1/customers-addresses/:id',
    customerRoute(tags, 'Delete an address; deleting the main one makes the newest remaining address main', {
      params: AddressParamsSchema,
      response: { 204: z.null(), ...oneAddress },
    }),
    async (request, reply) => {
      await addresses.remove(userOf(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
  done();
};
