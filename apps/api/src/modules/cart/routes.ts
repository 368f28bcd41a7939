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
import { userOf } from '../../platform/auth.ts';
import { customerRoute } from '../../platform/customer-routes.ts';
import type { CartService } from './service.ts';

const tags = ['cart'];
/** What a change of one line answers: the cart, or why not (no such book or line, beyond stock). */
const lineChanged = { 200: CartSchema, 400: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

export const cartRoutes: FastifyPluginCallbackZod<{ cart: CartService }> = (app, { cart }, done) => {
  app.get(
    '/v1/cart',
    customerRoute(tags, "The signed-in customer's cart with totals", { response: { 200: CartSchema } }),
    (request) => cart.getCart(userOf(request).id),
  );

  app.post(
    '/v1/cart',
    customerRoute(
      tags,
      'Add copies of a book (default 1); an existing line grows. 409 when out of stock or beyond stock',
      { body: AddToCartSchema, response: lineChanged },
    ),
    (request) => cart.addItem(userOf(request).id, request.body),
  );

  app.put(
    '/v1/cart',
    customerRoute(tags, "Set a line's quantity; 0 removes the line. Raising beyond stock is refused (409)", {
      body: UpdateCartItemSchema,
      response: lineChanged,
    }),
    (request) => cart.setItemQuantity(userOf(request).id, request.body),
  );

  app.delete(
    '/v1/cart/delete-item',
    customerRoute(tags, 'Remove one line', {
      body: RemoveCartItemSchema,
      response: { 200: CartSchema, 400: ProblemSchema, 404: ProblemSchema },
    }),
    (request) => cart.removeItem(userOf(request).id, request.body.bookId),
  );

  app.delete('/v1/cart', customerRoute(tags, 'Empty the cart', { response: { 200: CartSchema } }), (request) =>
    cart.clear(userOf(request).id),
  );

  app.post(
    '/v1/cart/merge',
    customerRoute(
      tags,
      'Add the guest cart kept in the browser, right after login: quantities are added and capped by stock; unknown or sold-out books are skipped and reported',
      { body: MergeCartSchema, response: { 200: MergeCartResultSchema, 400: ProblemSchema } },
    ),
    (request) => cart.merge(userOf(request).id, request.body.items),
  );
  done();
};
