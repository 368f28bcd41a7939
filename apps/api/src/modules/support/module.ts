import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../platform/api-prefix.ts';
import type { Database } from '../../platform/db.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { OrdersService } from '../orders/service.ts';
import { supportRoutes } from './routes.ts';
import { createSupportService, type SupportService } from './service.ts';

/** Support tickets and the contact form; returns its service (account deletion uses it). */
export async function registerSupport(
  app: FastifyInstance,
  deps: { db: Database; mailer: Mailer; orders: OrdersService; publicUrl: string; supportEmail: string },
): Promise<SupportService> {
  const support = createSupportService({ ...deps, log: app.log });
  await app.register(supportRoutes, { prefix: API_PREFIX, support });
  return support;
}
