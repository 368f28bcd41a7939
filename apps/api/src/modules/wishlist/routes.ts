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
import { requireCustomer, userOf } from '../../platform/auth.ts';
import type { WishlistService } from './service.ts';

const tags = ['wishlist'];
// onRequest rather than preHandler: a caller without a token learns nothing about the body's shape.
const customerOnly = { onRequest: [requireCustomer] };
const problems = { 401: ProblemSchema, 403: ProblemSchema };

export const wishlistRoutes: FastifyPluginCallbackZod<{ wishlist: WishlistService }> = (app, { wishlist }, done) => {
  app.get(
    '/v1/wishlist',
    {
      ...customerOnly,
      schema: {
        tags,
        summary: 'A page of the wishlisted books, newest first',
        querystring: WishlistQuerySchema,
        response: { 200: WishlistPageSchema, 400: ProblemSchema, ...problems },
      },
    },
    (request) => wishlist.list(userOf(request).id, request.query),
  );

  app.get(
    '/v1/wishlist/books-ids',
    {
      ...customerOnly,
      schema: {
        tags,
        summary: `Every wishlisted book id, newest first (at most 500), for the 'Already Added' buttons`,
        response: { 200: WishlistBookIdsSchema, ...problems },
      },
    },
    (request) => wishlist.bookIds(userOf(request).id),
  );

  app.post(
    '/v1/wishlist',
    {
      ...customerOnly,
      schema: {
        tags,
        summary: 'Add a book; adding one already there changes nothing. Answers the wishlist ids',
        body: AddToWishlistSchema,
        response: {
          200: WishlistBookIdsSchema,
          400: ProblemSchema,
          ...problems,
          404: ProblemSchema,
          409: ProblemSchema,
        },
      },
    },
    (request) => wishlist.add(userOf(request).id, request.body.bookId),
  );

  app.put(
    '/v1/wishlist',
    {
      ...customerOnly,
      schema: {
        tags,
        summary: 'Keep only the listed books (never adds). Answers the wishlist ids',
        body: UpdateWishlistSchema,
        response: { 200: WishlistBookIdsSchema, 400: ProblemSchema, ...problems },
      },
    },
    (request) => wishlist.keepOnly(userOf(request).id, request.body.booksIds),
  );

  app.delete(
    '/v1/wishlist',
    {
      ...customerOnly,
      schema: { tags, summary: 'Empty the wishlist', response: { 200: WishlistBookIdsSchema, ...problems } },
    },
    (request) => wishlist.clear(userOf(request).id),
  );

  app.delete(
    '/v1/wishlist/:bookId',
    {
      ...customerOnly,
      schema: {
        tags,
        summary: 'Remove one book. Answers the wishlist ids',
        params: WishlistBookParamsSchema,
        response: { 200: WishlistBookIdsSchema, 400: ProblemSchema, ...problems, 404: ProblemSchema },
      },
    },
    (request) => wishlist.remove(userOf(request).id, request.params.bookId),
  );
  done();
};
