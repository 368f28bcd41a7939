import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../platform/api-prefix.ts';
import type { Database } from '../../platform/db.ts';
import type { CartService } from '../cart/service.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { createDeliveryService, type DeliveryService } from '../delivery/service.ts';
import { addressesRoutes } from './routes.ts';
import { createAddressesService, type AddressesService } from './service.ts';

/**
 * The customer's address book, and the delivery methods and prices its routes answer (delivery
 * has no routes of its own). Returns both services: checkout needs them, accounts delete addresses.
 */
export async function registerAddresses(
  app: FastifyInstance,
  { db, catalogue, cart }: { db: Database; catalogue: CatalogueService; cart: CartService },
): Promise<{ addresses: AddressesService; delivery: DeliveryService }> {
  const addresses = createAddressesService({ db, catalogue });
  const delivery = createDeliveryService({ cart, addresses });
  await app.register(addressesRoutes, { prefix: API_PREFIX, addresses, delivery });
  return { addresses, delivery };
}
