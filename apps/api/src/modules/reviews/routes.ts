import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProblemSchema } from '@bookshop/contracts/problem';
import {
  BookReviewsPageSchema,
  BookReviewsParamsSchema,
  BookReviewsQuerySchema,
  CreateReviewSchema,
  MyReviewsPageSchema,
  MyReviewsQuerySchema,
  OwnReviewOfBookSchema,
  OwnReviewSchema,
  ReviewEligibilitySchema,
  ReviewParamsSchema,
  SetReviewHiddenSchema,
  StaffReviewPageSchema,
  StaffReviewQuerySchema,
  StaffReviewSchema,
  UpdateReviewSchema,
} from '@bookshop/contracts/reviews';
import { Permission } from '@bookshop/contracts/roles';
import { requireCustomer, requirePermission, userOf } from '../../platform/auth.ts';
import type { ReviewsService } from './service.ts';

const tags = ['reviews'];
// onRequest rather than preHandler: a caller without a token learns nothing about the body's shape.
const customerOnly = { onRequest: [requireCustomer] };
const moderators = { onRequest: [requirePermission(Permission.ModerateReviews)] };
const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };

export const reviewsRoutes: FastifyPluginCallbackZod<{ reviews: ReviewsService }> = (app, { reviews }, done) => {
  app.post(
    '/v1/reviews',
    {
      ...customerOnly,
      schema: {
        tags,
        summary:
          'Review a book bought in a Completed order (403 otherwise), once per book (409 for a second). The text is kept as typed',
        body: CreateReviewSchema,
        response: { 201: OwnReviewSchema, ...problems, 404: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await reviews.create(userOf(request).id, request.body)),
  );

  app.put(
    '/v1/reviews',
    {
      ...customerOnly,
      schema: {
        tags,
        summary: "Change the caller's own review (subject, comment, rating); anyone else's is 404",
        body: UpdateReviewSchema,
        response: { 200: OwnReviewSchema, ...problems, 404: ProblemSchema },
      },
    },
    (request) => reviews.update(userOf(request).id, request.body),
  );

  app.delete(
    '/v1/reviews/:id',
    {
      ...customerOnly,
      schema: {
        tags,
        summary: "Delete the caller's own review; anyone else's is 404",
        params: ReviewParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...problems, 404: ProblemSchema },
      },
    },
    async (request, reply) => {
      await reviews.remove(userOf(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/v1/reviews/mine',
    {
      ...customerOnly,
      schema: {
        tags,
        summary: "The signed-in customer's reviews, newest first, hidden ones marked",
        querystring: MyReviewsQuerySchema,
        response: { 200: MyReviewsPageSchema, ...problems },
      },
    },
    (request) => reviews.listMine(userOf(request).id, request.query),
  );

  app.get(
    '/v1/reviews/review-by/:bookId',
    {
      ...customerOnly,
      schema: {
        tags,
        summary: "The signed-in customer's own review of the book; null when they wrote none",
        params: BookReviewsParamsSchema,
        response: { 200: OwnReviewOfBookSchema, ...problems },
      },
    },
    (request) => reviews.getOwn(userOf(request).id, request.params.bookId),
  );

  app.get(
    '/v1/reviews/eligibility/:bookId',
    {
      ...customerOnly,
      schema: {
        tags,
        summary: "Whether the caller bought the book (may review it) and their review's id, if any",
        params: BookReviewsParamsSchema,
        response: { 200: ReviewEligibilitySchema, ...problems },
      },
    },
    (request) => reviews.eligibility(userOf(request).id, request.params.bookId),
  );

  app.get(
    '/v1/reviews/:bookId',
    {
      schema: {
        tags,
        summary:
          "A page of the book's reviews (newest first, or sort=highest|lowest; rating keeps one star value) with its average, count and count per star",
        params: BookReviewsParamsSchema,
        querystring: BookReviewsQuerySchema,
        response: { 200: BookReviewsPageSchema, 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    (request) => reviews.listForBook(request.params.bookId, request.query),
  );

  app.get(
    '/v1/staff/reviews',
    {
      ...moderators,
      schema: {
        tags,
        summary: 'Every review, newest first (reviews:moderate); hidden=true|false keeps hidden or shown ones',
        querystring: StaffReviewQuerySchema,
        response: { 200: StaffReviewPageSchema, ...problems },
      },
    },
    (request) => reviews.listForStaff(request.query),
  );

  app.patch(
    '/v1/staff/reviews/:id',
    {
      ...moderators,
      schema: {
        tags,
        summary: "Hide an abusive review (it leaves the book's average) or show it again (reviews:moderate)",
        params: ReviewParamsSchema,
        body: SetReviewHiddenSchema,
        response: { 200: StaffReviewSchema, ...problems, 404: ProblemSchema },
      },
    },
    (request) => reviews.setHidden(userOf(request).id, request.params.id, request.body.hidden),
  );
  done();
};
