import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../platform/api-prefix.ts';
import type { Database } from '../../platform/db.ts';
import { dashboardRoutes } from './routes.ts';
import { createDashboardService } from './service.ts';

/** The staff dashboard's figures. */
export async function registerDashboard(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  await app.register(dashboardRoutes, { prefix: API_PREFIX, dashboard: createDashboardService({ db }) });
}
