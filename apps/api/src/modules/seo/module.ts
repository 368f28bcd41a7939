import type { FastifyInstance } from 'fastify';
import type { CatalogueService } from '../catalogue/service.ts';
import { seoRoutes } from './routes.ts';
import { createSeoService } from './service.ts';

/** /robots.txt and /sitemap.xml, outside the API; registered before the storefront's fallback. */
export async function registerSeo(
  app: FastifyInstance,
  { catalogue, publicUrl }: { catalogue: CatalogueService; publicUrl: string },
): Promise<void> {
  await app.register(seoRoutes, { seo: createSeoService({ catalogue, publicUrl }) });
}
