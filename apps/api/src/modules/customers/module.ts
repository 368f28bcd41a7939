import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../platform/api-prefix.ts';
import type { Database } from '../../platform/db.ts';
import type { ImageStore } from '../../platform/storage.ts';
import type { AddressesService } from '../addresses/service.ts';
import type { AuthServices } from '../auth/module.ts';
import type { CartService } from '../cart/service.ts';
import type { ReviewsService } from '../reviews/service.ts';
import type { SupportService } from '../support/service.ts';
import type { WishlistService } from '../wishlist/service.ts';
import { createAvatarStore, type AvatarStore } from './avatars.ts';
import { customerRoutes } from './routes.ts';
import { createCustomerAccountService } from './service.ts';

/**
 * Customer accounts: profile, avatar, export and deletion (which clears what the other modules
 * keep for the customer). Returns the avatar store, which staff profiles share (decision 036).
 */
export async function registerCustomers(
  app: FastifyInstance,
  deps: {
    db: Database;
    images: ImageStore;
    auth: AuthServices;
    cart: CartService;
    wishlist: WishlistService;
    addresses: AddressesService;
    support: SupportService;
    reviews: ReviewsService;
  },
): Promise<{ avatars: AvatarStore }> {
  const { db, images, auth, cart, wishlist, addresses, support, reviews } = deps;
  const avatars = createAvatarStore(images);
  const customerAccount = createCustomerAccountService({
    db,
    passwords: auth.passwords,
    accounts: auth.accounts,
    sessions: auth.sessions,
    avatars,
    cart,
    wishlist,
    addresses,
    support,
    reviews,
    log: app.log,
  });
  await app.register(customerRoutes, { prefix: API_PREFIX, ...auth, customerAccount });
  return { avatars };
}
