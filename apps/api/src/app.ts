import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { addressesRoutes } from './modules/addresses/routes.ts';
import { sessionRoutes } from './modules/auth/routes.ts';
import { createAuthServices } from './modules/auth/services.ts';
import { createAddressesService } from './modules/addresses/service.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { createCartService } from './modules/cart/service.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { cataloguePageExists } from './modules/catalogue/page-exists.ts';
import { createCatalogueService } from './modules/catalogue/service.ts';
import { createAvatarStore } from './modules/customers/avatars.ts';
import { customerRoutes } from './modules/customers/routes.ts';
import { createCustomerAccountService } from './modules/customers/service.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { registerAuth } from './platform/auth.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db.ts';
import { registerErrorHandling } from './platform/errors.ts';
import { registerMailer } from './platform/mailer.ts';
import { registerRateLimits } from './platform/rate-limit.ts';
import { createDiskImageStore } from './platform/storage.ts';
import { registerWeb } from './platform/web.ts';
import { wishlistRoutes } from './modules/wishlist/routes.ts';
import { createWishlistService } from './modules/wishlist/service.ts';

export type AppOptions = { config: Config; db: Database; logger?: boolean };

/** Builds the whole application around an open, migrated database. */
export async function buildApp({ config, db, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger && { level: config.logLevel },
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerAuth(app, { jwtSecret: config.jwtSecret });

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Bookshop API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(fastifyCookie);
  // Routes read uploads themselves (request.parts) and may lower these limits per request.
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 10, fields: 50 } });
  await registerRateLimits(app, { redisUrl: config.redisUrl });
  const mailer = registerMailer(app, { db, config });

  const images = createDiskImageStore(config.dataDir);
  const catalogue = createCatalogueService({ db, images });

  const cart = createCartService({ db, catalogue });

  const wishlist = createWishlistService({ db, catalogue });
  const addresses = createAddressesService({ db, catalogue });

  const auth = createAuthServices({ config, db, mailer, accessTokens: app.accessTokens, log: app.log });
  const customerAccount = createCustomerAccountService({
    accounts: auth.accounts,
    avatars: createAvatarStore(images),
    cart,
    wishlist,
    addresses,
    log: app.log,
  });

  await app.register(sessionRoutes, { prefix: '/api', ...auth, googleClientId: config.googleClientId });
  await app.register(customerRoutes, { prefix: '/api', ...auth, customerAccount });
  await app.register(staffRoutes, { prefix: '/api', ...auth });
  await app.register(catalogueRoutes, { prefix: '/api', catalogue });
  await app.register(cartRoutes, { prefix: '/api', cart });
  await app.register(wishlistRoutes, { prefix: '/api', wishlist });
  await app.register(addressesRoutes, { prefix: '/api', addresses, cart });

  await registerWeb(app, {
    distDir: config.webDistDir,
    imagesDir: images.root,
    pageExists: cataloguePageExists(catalogue),
  });
  return app;
}
