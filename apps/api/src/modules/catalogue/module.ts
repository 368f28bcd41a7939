import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../platform/api-prefix.ts';
import type { Database } from '../../platform/db.ts';
import type { ImageStore } from '../../platform/storage.ts';
import { catalogueAdminRoutes } from './admin-routes.ts';
import { createCatalogueAdminService } from './admin-service.ts';
import { createCatalogueCaches } from './caches.ts';
import { CatalogueIndex } from './catalogue-index.ts';
import { listenForCatalogueChanges } from './invalidation.ts';
import { catalogueRoutes } from './routes.ts';
import { createCatalogueService, type CatalogueService } from './service.ts';
import type { StaffNames } from './stock-service.ts';

/** The catalogue, its staff routes and `app.catalogue`; returns the service other modules read books through. */
export async function registerCatalogue(
  app: FastifyInstance,
  { db, images, staffNames }: { db: Database; images: ImageStore; staffNames: StaffNames },
): Promise<CatalogueService> {
  // This instance's catalogue caches and in-memory search and list index (decisions 008, 050).
  const catalogue = createCatalogueService({ db, images, caches: createCatalogueCaches(new CatalogueIndex(db)) });
  catalogue.startIndex(app.log);
  app.decorate('catalogue', catalogue);
  // Every catalogue write announces itself in its transaction; once it commits, this clears the
  // caches of this instance and, through PostgreSQL NOTIFY, of every other (decisions 032, 064).
  const catalogueChanges = await listenForCatalogueChanges(db, catalogue.invalidate, app.log);
  app.addHook('onClose', () => catalogueChanges.close());
  const catalogueAdmin = createCatalogueAdminService({ db, images, log: app.log, staffNames });

  await app.register(catalogueRoutes, { prefix: API_PREFIX, catalogue });
  await app.register(catalogueAdminRoutes, { prefix: API_PREFIX, catalogueAdmin });
  return catalogue;
}
