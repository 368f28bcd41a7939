import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../platform/api-prefix.ts';
import type { Database, ReadDatabase } from '../../platform/db.ts';
import type { ImageStore } from '../../platform/storage.ts';
import { catalogueAdminRoutes } from './admin-routes.ts';
import { createCatalogueAdminService } from './admin-service.ts';
import { createCatalogueCaches } from './caches.ts';
import { CatalogueIndex } from './catalogue-index.ts';
import { listenForCatalogueChanges, type ChangeReach } from './invalidation.ts';
import { catalogueRoutes } from './routes.ts';
import { createCatalogueService, type CatalogueService } from './service.ts';
import type { StaffNames } from './stock-service.ts';

/** The catalogue, its staff routes and `app.catalogue`; returns the service other modules read books through. */
export async function registerCatalogue(
  app: FastifyInstance,
  {
    db,
    readDb,
    images,
    staffNames,
    indexSnapshot,
  }: {
    db: Database;
    readDb: ReadDatabase;
    images: ImageStore;
    staffNames: StaffNames;
    /** Where the in-memory index keeps the snapshot it starts from (decision 106); absent: none. */
    indexSnapshot?: string;
  },
): Promise<CatalogueService> {
  // This instance's catalogue caches and in-memory search and list index (decisions 008, 050). The
  // storefront's reads and the index's changes come from the read replica when there is one, what
  // a customer's own use case reads back from the primary (decision 098).
  const index = new CatalogueIndex(readDb.db, { snapshotFile: indexSnapshot });
  const catalogue = createCatalogueService({
    db: readDb.db,
    primary: db,
    images,
    caches: createCatalogueCaches(index),
  });
  catalogue.startIndex(app.log);
  // A snapshot being written is finished before the process exits, so the next start finds it.
  app.addHook('onClose', () => index.close());
  app.addWarmUp('catalogue index', catalogue.indexWarm);
  app.decorate('catalogue', catalogue);
  // Every catalogue write announces itself in its transaction; once it commits, this clears the
  // caches of this instance and, through PostgreSQL NOTIFY, of every other (decisions 032, 064).
  // Notices come from the primary; reads after one wait until the replica has replayed it (098).
  const heard = (reach: ChangeReach) => {
    readDb.sawCommit();
    catalogue.invalidate(reach);
  };
  const catalogueChanges = await listenForCatalogueChanges(db, heard, app.log);
  app.addHook('onClose', () => catalogueChanges.close());
  const catalogueAdmin = createCatalogueAdminService({ db, images, log: app.log, staffNames });

  await app.register(catalogueRoutes, { prefix: API_PREFIX, catalogue });
  await app.register(catalogueAdminRoutes, { prefix: API_PREFIX, catalogueAdmin });
  return catalogue;
}
