import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../platform/api-prefix.ts';
import type { Database } from '../../platform/db.ts';
import { linkRoutes, shortLinkRedirectRoutes } from './routes.ts';
import { createLinksService } from './service.ts';

/**
 * Short links: made under the API, followed at /s/{id}, which must be registered before the
 * storefront's fallback serves pages.
 */
export async function registerLinks(
  app: FastifyInstance,
  { db, publicUrl }: { db: Database; publicUrl: string },
): Promise<void> {
  const links = createLinksService({ db, publicUrl });
  await app.register(linkRoutes, { prefix: API_PREFIX, links });
  await app.register(shortLinkRedirectRoutes, { links });
}
