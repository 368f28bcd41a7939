import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../platform/api-prefix.ts';
import type { Database } from '../../platform/db.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { wishlistRoutes } from './routes.ts';
import { createWishlistService, type WishlistService } from './service.ts';

/** The customer's wishlist; returns its service (account export and deletion use it). */
export async function registerWishlist(
  app: FastifyInstance,
  { db, catalogue }: { db: Database; catalogue: CatalogueService },
): Promise<WishlistService> {
  const wishlist = createWishlistService({ db, catalogue });
  await app.register(wishlistRoutes, { prefix: API_PREFIX, wishlist });
  return wishlist;
}
