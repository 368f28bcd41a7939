import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { createCatalogueService } from './modules/catalogue/service.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db.ts';
import { registerErrorHandling } from './platform/errors.ts';
import { createDiskImageStore } from './platform/storage.ts';
import { registerWeb } from './platform/web.ts';

export type AppOptions = { config: Config; db: Database; logger?: boolean };

/** Builds the whole application around an open, migrated database. */
export async function buildApp({ config, db, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger && { level: config.logLevel },
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Bookshop API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const images = createDiskImageStore(config.dataDir);
  const catalogue = createCatalogueService({ db, images });

  await app.register(catalogueRoutes, { prefix: '/api', catalogue });

  await registerWeb(app, { distDir: config.webDistDir, imagesDir: images.root });
  return app;
}
