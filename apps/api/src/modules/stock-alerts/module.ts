import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../platform/api-prefix.ts';
import type { Database } from '../../platform/db.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { CatalogueService } from '../catalogue/service.ts';
import { onRestock } from '../catalogue/stock-service.ts';
import { stockAlertRoutes } from './routes.ts';
import { createStockAlertsService, type StockAlertsService } from './service.ts';

/**
 * Back-in-stock alerts (decision 082): the customer's routes, the notify job, and the listener the
 * catalogue's stock service calls when a book comes back (removed when the app closes).
 */
export async function registerStockAlerts(
  app: FastifyInstance,
  deps: { db: Database; catalogue: CatalogueService; jobs: Jobs; mailer: Mailer; publicUrl: string },
): Promise<StockAlertsService> {
  const stockAlerts = createStockAlertsService(deps);
  const stopListening = onRestock((tx, changes) => stockAlerts.restocked(tx, changes));
  app.addHook('onClose', (_instance, done) => {
    stopListening();
    done();
  });
  await app.register(stockAlertRoutes, { prefix: API_PREFIX, stockAlerts });
  return stockAlerts;
}
