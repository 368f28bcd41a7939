import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../platform/api-prefix.ts';
import type { Database } from '../../platform/db.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { ImageStore } from '../../platform/storage.ts';
import type { AuthServices } from '../auth/module.ts';
import type { CartService } from '../cart/service.ts';
import type { Invoicing } from '../invoicing/service.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { StaffNotify } from '../staff-notify/service.ts';
import { createFulfilment } from './fulfilment.ts';
import { fulfilmentRoutes } from './fulfilment-routes.ts';
import { registerOrderJobs } from './jobs.ts';
import { createOrderLifecycle, type OrderLifecycle } from './lifecycle.ts';
import { createReturns } from './returns.ts';
import { returnsRoutes } from './returns-routes.ts';
import { ordersRoutes } from './routes.ts';
import { createOrdersService, type OrdersService } from './service.ts';

/**
 * Orders, their staff routes and jobs, and the lifecycle: every change of an order's status
 * (decision 063); checkout calls it, and so do the staff routes. Fulfilment (packing, shipping,
 * delivery: decision 078) and returns (decision 080)
 * beside it.
 */
export async function registerOrders(
  app: FastifyInstance,
  deps: {
    db: Database;
    images: ImageStore;
    provider: PaymentProvider;
    jobs: Jobs;
    mailer: Mailer;
    accounts: AuthServices['accounts'];
    cart: CartService;
    supportEmail: string;
    staffNotify: StaffNotify;
    /** The shop's address, for links in the fulfilment mails. */
    publicUrl: string;
    /** Tax invoices and credit notes, issued as orders are paid and refunded (decision 085). */
    invoicing: Invoicing;
  },
): Promise<{ orders: OrdersService; lifecycle: OrderLifecycle }> {
  const { db, images, provider, jobs, mailer, accounts, cart, supportEmail, staffNotify, publicUrl, invoicing } = deps;
  const orders = createOrdersService({ db, images, invoicing });
  const lifecycle = createOrderLifecycle({
    db,
    provider,
    jobs,
    mailer,
    accounts,
    cart,
    supportEmail,
    orders,
    staffNotify,
    invoicing,
    log: app.log,
  });
  const fulfilment = createFulfilment({ db, jobs, mailer, accounts, orders, publicUrl, supportEmail, invoicing });
  const returns = createReturns({
    db,
    jobs,
    mailer,
    accounts,
    orders,
    provider,
    log: app.log,
    publicUrl,
    supportEmail,
    staffNotify,
    invoicing,
  });
  registerOrderJobs(jobs, lifecycle, fulfilment, returns);
  await app.register(ordersRoutes, { prefix: API_PREFIX, orders, lifecycle });
  await app.register(fulfilmentRoutes, { prefix: API_PREFIX, fulfilment, orders });
  await app.register(returnsRoutes, { prefix: API_PREFIX, returns });
  return { orders, lifecycle };
}
