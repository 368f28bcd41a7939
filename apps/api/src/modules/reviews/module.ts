import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../platform/api-prefix.ts';
import type { Database } from '../../platform/db.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import type { OrdersService } from '../orders/service.ts';
import { reviewsRoutes } from './routes.ts';
import { createReviewsService, type ReviewsService } from './service.ts';

/** Book reviews by customers who bought the book; returns its service (account deletion uses it). */
export async function registerReviews(
  app: FastifyInstance,
  { db, catalogue, orders }: { db: Database; catalogue: CatalogueService; orders: OrdersService },
): Promise<ReviewsService> {
  const reviews = createReviewsService({ db, catalogue, orders });
  await app.register(reviewsRoutes, { prefix: API_PREFIX, reviews });
  return reviews;
}
