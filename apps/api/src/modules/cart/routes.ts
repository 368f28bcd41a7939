import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  AddToCartSchema,
  CartSchema,
  MergeCartResultSchema,
  MergeCartSchema,
  RemoveCartItemSchema,
  UpdateCartItemSchema,
} from '@bookshop/contracts/cart';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { requireCustomer, userOf } from '../../platform/auth.ts';
import type { CartService } from './service.ts';

const tags = ['cart'];
// onRequest rather than preHandler: a caller without a token learns nothing about the body's shape.
const customerOnly = { onRequest: [requireCustomer] };
const problems = { 401: ProblemSchema, 403: ProblemSchema };

export const cartRoutes: FastifyPluginCallbackZod<{ cart: CartService }> = (app, { cart }, done) => {
  app.get(
    '/v1/cart',
    {
      ...customerOnly,
      schema: {
        tags,
        summary: "The signed-in customer's cart with totals",
        response: { 200: CartSchema, ...problems },
      },
    },
    (request) => cart.getCart(userOf(request).id),
  );

  app.post(
    '/v1/cart',
    {
      ...customerOnly,
      schema: {
        tags,
        summary: 'Add copies of a book (default 1); an existing line grows. 409 when out of stock or beyond stock',
        body: AddToCartSchema,
        response: { 200: CartSchema, 400: ProblemSchema, ...problems, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    (request) => cart.addItem(userOf(request).id, request.body),
  );

  app.put(
    '/v1/cart',
    {
      ...customerOnly,
      schema: {
        tags,
        summary: "Set a line's quantity; 0 removes the line. Raising beyond stock is refused (409)",
        body: UpdateCartItemSchema,
        response: { 200: CartSchema, 400: ProblemSchema, ...problems, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    (request) => cart.setItemQuantity(userOf(request).id, request.body),
  );

  app.delete(
    '/v1/cart/delete-item',
    {
      ...customerOnly,
      schema: {
        tags,
        summary: 'Remove one line',
        body: RemoveCartItemSchema,
        response: { 200: CartSchema, 400: ProblemSchema, ...problems, 404: ProblemSchema },
      },
    },
    (request) => cart.removeItem(userOf(request).id, request.body.bookId),
  );

  app.delete(
    '/v1/cart',
    {
      ...customerOnly,
      schema: { tags, summary: 'Empty the cart', response: { 200: CartSchema, ...problems } },
    },
    (request) => cart.clear(userOf(request).id),
  );

  app.post(
    '/v1/cart/merge',
    {
      ...customerOnly,
      schema: {
        tags,
        summary:
          'Add the guest cart kept in the browser, right after login: quantities are added and capped by stock; unknown or sold-out books are skipped and reported',
        body: MergeCartSchema,
        response: { 200: MergeCartResultSchema, 400: ProblemSchema, ...problems },
      },
    },
    (request) => cart.merge(userOf(request).id, request.body.items),
  );
  done();
};
