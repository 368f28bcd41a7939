import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../platform/api-prefix.ts';
import type { Database } from '../../platform/db.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { AddressesService } from '../addresses/service.ts';
import type { AuthServices } from '../auth/module.ts';
import type { CartService } from '../cart/service.ts';
import type { DeliveryService } from '../delivery/service.ts';
import type { OrderLifecycle } from '../orders/lifecycle.ts';
import type { OrdersService } from '../orders/service.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { registerCheckoutJobs } from './jobs.ts';
import { checkoutRoutes } from './routes.ts';
import { createCheckoutService } from './service.ts';
import { createWebhookHandler } from './webhook.ts';

/** Turning a cart into a paid order: the checkout session, the provider's webhook and their jobs. */
export async function registerCheckout(
  app: FastifyInstance,
  deps: {
    db: Database;
    provider: PaymentProvider;
    jobs: Jobs;
    lifecycle: OrderLifecycle;
    orders: OrdersService;
    accounts: AuthServices['accounts'];
    addresses: AddressesService;
    delivery: DeliveryService;
    cart: Pick<CartService, 'deliveryOrderSummary' | 'lineQuantities'>;
    publicUrl: string;
  },
): Promise<void> {
  const { db, provider, jobs, lifecycle, publicUrl } = deps;
  const checkout = createCheckoutService({ ...deps, log: app.log });
  registerCheckoutJobs(jobs, lifecycle);
  const webhook = createWebhookHandler({ db, lifecycle, log: app.log });
  await app.register(checkoutRoutes, { prefix: API_PREFIX, checkout, webhook, provider, publicUrl });
}
