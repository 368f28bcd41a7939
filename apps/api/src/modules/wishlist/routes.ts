import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ProblemSchema } from '@bookshop/contracts/problem';
import {
  AddToWishlistSchema,
  UpdateWishlistSchema,
  WishlistBookIdsSchema,
  WishlistBookParamsSchema,
  WishlistPageSchema,
  WishlistQuerySchema,
} from '@bookshop/contracts/wishlist';
import { userOf } from '../../platform/auth.ts';
import { customerRoute } from '../../platform/customer-routes.ts';
import type { WishlistService } from './service.ts';

const tags = ['wishlist'];

export const wishlistRoutes: FastifyPluginCallbackZod<{ wishlist: WishlistService }> = (app, { wishlist }, done) => {
  app.get(
    '/v1/wishlist',
    customerRoute(tags, 'A page of the wishlisted books, newest first', {
      querystring: WishlistQuerySchema,
      response: { 200: WishlistPageSchema, 400: ProblemSchema },
    }),
    (request) => wishlist.list(userOf(request).id, request.query),
  );

  app.get(
    '/v1/wishlist/books-ids',
    customerRoute(tags, `Every wishlisted book id, newest first (at most 500), for the 'Already Added' buttons`, {
      response: { 200: WishlistBookIdsSchema },
    }),
    (request) => wishlist.bookIds(userOf(request).id),
  );

  app.post(
    '/v1/wishlist',
    customerRoute(tags, 'Add a book; adding one already there changes nothing. Answers the wishlist ids', {
      body: AddToWishlistSchema,
      response: { 200: WishlistBookIdsSchema, 400: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema },
    }),
    (request) => wishlist.add(userOf(request).id, request.body.bookId),
  );

  app.put(
    '/v1/wishlist',
    customerRoute(tags, 'Keep only the listed books (never adds). Answers the wishlist ids', {
      body: UpdateWishlistSchema,
      response: { 200: WishlistBookIdsSchema, 400: ProblemSchema },
    }),
    (request) => wishlist.keepOnly(userOf(request).id, request.body.booksIds),
  );

  app.delete(
    '/v1/wishlist',
    customerRoute(tags, 'Empty the wishlist', { response: { 200: WishlistBookIdsSchema } }),
    (request) => wishlist.clear(userOf(request).id),
  );

  app.delete(
    '/v1/wishlist/:bookId',
    customerRoute(tags, 'Remove one book. Answers the wishlist ids', {
      params: WishlistBookParamsSchema,
      response: { 200: WishlistBookIdsSchema, 400: ProblemSchema, 404: ProblemSchema },
    }),
    (request) => wishlist.remove(userOf(request).id, request.params.bookId),
  );
  done();
};
