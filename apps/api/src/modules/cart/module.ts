import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../platform/api-prefix.ts';
import type { Database } from '../../platform/db.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { cartRoutes } from './routes.ts';
import { createCartService, type CartService } from './service.ts';

/** The customer's cart; returns its service (delivery prices it, orders empty it, accounts delete it). */
export async function registerCart(
  app: FastifyInstance,
  { db, catalogue }: { db: Database; catalogue: CatalogueService },
): Promise<CartService> {
  const cart = createCartService({ db, catalogue });
  await app.register(cartRoutes, { prefix: API_PREFIX, cart });
  return cart;
}
