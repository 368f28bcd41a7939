import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { PersonType } from '@bookshop/contracts/enums';
import { addressesRoutes } from './modules/addresses/routes.ts';
import { sessionRoutes } from './modules/auth/routes.ts';
import { createAccountStateLookup, createAuthServices } from './modules/auth/services.ts';
import { createAddressesService } from './modules/addresses/service.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { createCartService } from './modules/cart/service.ts';
import { catalogueAdminRoutes } from './modules/catalogue/admin-routes.ts';
import { createCatalogueAdminService } from './modules/catalogue/admin-service.ts';
import { createCatalogueCaches } from './modules/catalogue/caches.ts';
import { CatalogueIndex } from './modules/catalogue/catalogue-index.ts';
import { listenForCatalogueChanges } from './modules/catalogue/invalidation.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { cataloguePageExists } from './modules/catalogue/page-exists.ts';
import { createCatalogueService } from './modules/catalogue/service.ts';
import { createAvatarStore } from './modules/customers/avatars.ts';
import { customerRoutes } from './modules/customers/routes.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { registerCheckoutJobs } from './modules/checkout/jobs.ts';
import { createWebhookHandler } from './modules/checkout/webhook.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { linkRoutes, shortLinkRedirectRoutes } from './modules/links/routes.ts';
import { createLinksService } from './modules/links/service.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { createSeoService } from './modules/seo/service.ts';
import { createDashboardService } from './modules/dashboard/service.ts';
import { createCheckoutService } from './modules/checkout/service.ts';
import { registerOrderJobs } from './modules/orders/jobs.ts';
import { createOrderLifecycle } from './modules/orders/lifecycle.ts';
import { ordersRoutes } from './modules/orders/routes.ts';
import { createOrdersService } from './modules/orders/service.ts';
import { registerPayments } from './modules/payments/module.ts';
import { createCustomerAccountService, createProfileService } from './modules/customers/service.ts';
import { createDeliveryService } from './modules/delivery/service.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { createStaffService, toStaffMember } from './modules/staff/service.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { createSupportService } from './modules/support/service.ts';
import { registerAuth } from './platform/auth.ts';
import { registerCacheControl } from './platform/cache-control.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db.ts';
import { clientErrorHandler, frameworkErrors, MAX_PARAM_LENGTH, registerErrorHandling } from './platform/errors.ts';
import { registerHealth } from './platform/health.ts';
import { registerJobs } from './platform/jobs.ts';
import { registerMailer } from './platform/mailer.ts';
import { registerLoginFailures } from './platform/login-lockout.ts';
import { registerMetrics } from './platform/metrics.ts';
import { registerRateLimits } from './platform/rate-limit.ts';
import { registerRequestLogging, requestLoggingOptions } from './platform/request-logging.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { createImageStore } from './platform/storage.ts';
import { validatorCompiler } from './platform/validation.ts';
import { registerWeb } from './platform/web.ts';
import { reviewsRoutes } from './modules/reviews/routes.ts';
import { createReviewsService } from './modules/reviews/service.ts';
import { wishlistRoutes } from './modules/wishlist/routes.ts';
import { createWishlistService } from './modules/wishlist/service.ts';

export type AppOptions = {
  config: Config;
  db: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them); implies `logger`. */
  logStream?: { write(line: string): void };
};

/** Builds the whole application around an open, migrated database. */
export async function buildApp({ config, db, logger = false, logStream }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: (logger || logStream !== undefined) && { level: config.logLevel, ...(logStream && { stream: logStream }) },
    ...requestLoggingOptions(),
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // On close, drop idle keep-alive sockets at once; busy ones close after their answer (health.ts).
    forceCloseConnections: 'idle',
    // Malformed requests answer problem+json with fixed details, never quoting what was sent.
    clientErrorHandler,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestLogging(app);
  await registerSecurityHeaders(app, { publicUrl: config.publicUrl, imagesUrl: config.s3?.publicUrl });
  registerCacheControl(app);
  // API answers over 1 KB, brotli or gzip; images and precompressed assets are left as they are.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
  registerMetrics(app, { db, metrics: config.metrics, production: config.production });
  registerAuth(app, { jwtSecret: config.jwtSecret, accountState: createAccountStateLookup(db) });

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Bookshop API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(fastifyCookie);
  // Routes read uploads themselves (request.parts) and may lower these limits per request.
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 10, fields: 50 } });
  const { redis, checkRedis } = await registerRateLimits(app, { redisUrl: config.redisUrl });
  registerLoginFailures(app, { redis });
  await registerHealth(app, { db, checkRedis, loadShedding: config.loadShedding });
  const jobs = registerJobs(app, { db });
  const mailer = registerMailer(app, { jobs, config });
  // app.payments: Stripe, or the sandbox with its hosted page under /sandbox/checkout.
  const provider = await registerPayments(app, { config, db, jobs });

  const images = createImageStore(config);
  // This instance's catalogue caches and in-memory search and list index (decisions 008, 050).
  const catalogue = createCatalogueService({ db, images, caches: createCatalogueCaches(new CatalogueIndex(db)) });
  catalogue.startIndex(app.log);
  app.decorate('catalogue', catalogue);
  // Every catalogue write announces itself in its transaction; once it commits, this clears the
  // caches of this instance and, through PostgreSQL NOTIFY, of every other (decisions 032, 064).
  const catalogueChanges = await listenForCatalogueChanges(db, catalogue.invalidate, app.log);
  app.addHook('onClose', () => catalogueChanges.close());
  const catalogueAdmin = createCatalogueAdminService({ db, images, log: app.log });

  const cart = createCartService({ db, catalogue });

  const wishlist = createWishlistService({ db, catalogue });
  const addresses = createAddressesService({ db, catalogue });
  const delivery = createDeliveryService({ cart });

  const orders = createOrdersService({ db, images });
  const reviews = createReviewsService({ db, catalogue, orders });

  const auth = createAuthServices({ config, db, mailer, accessTokens: app.accessTokens, log: app.log });
  const avatars = createAvatarStore(images);
  const support = createSupportService({ db, mailer, orders, publicUrl: config.publicUrl, log: app.log });
  const customerAccount = createCustomerAccountService({
    db,
    passwords: auth.passwords,
    accounts: auth.accounts,
    sessions: auth.sessions,
    avatars,
    cart,
    wishlist,
    addresses,
    support,
    reviews,
    log: app.log,
  });

  const staff = createStaffService({ db });
  // The customers' profile rules for staff accounts (docs/decisions/036).
  const staffProfile = createProfileService({
    personType: PersonType.Internal,
    toProfile: toStaffMember,
    db,
    passwords: auth.passwords,
    accounts: auth.accounts,
    sessions: auth.sessions,
    avatars,
    log: app.log,
  });
  // Every change of an order's status (decision 063); checkout calls it, and so do the staff routes.
  const lifecycle = createOrderLifecycle({
    db,
    provider,
    jobs,
    mailer,
    accounts: auth.accounts,
    cart,
    orders,
    log: app.log,
  });
  registerOrderJobs(jobs, lifecycle);
  const checkout = createCheckoutService({
    db,
    provider,
    jobs,
    lifecycle,
    orders,
    accounts: auth.accounts,
    addresses,
    delivery,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  registerCheckoutJobs(jobs, lifecycle);
  const webhook = createWebhookHandler({ db, lifecycle, log: app.log });
  const dashboard = createDashboardService({ db });
  const links = createLinksService({ db, publicUrl: config.publicUrl });

  await app.register(sessionRoutes, {
    prefix: '/api',
    ...auth,
    googleClientId: config.googleClientId,
    // The sandbox completes orders without charging anyone: the storefront must say so.
    testMode: provider.name === 'sandbox',
  });
  await app.register(customerRoutes, { prefix: '/api', ...auth, customerAccount });
  await app.register(staffRoutes, { prefix: '/api', ...auth, staff, staffProfile });
  await app.register(catalogueRoutes, { prefix: '/api', catalogue });
  await app.register(catalogueAdminRoutes, { prefix: '/api', catalogueAdmin });
  await app.register(cartRoutes, { prefix: '/api', cart });
  await app.register(wishlistRoutes, { prefix: '/api', wishlist });
  await app.register(addressesRoutes, { prefix: '/api', addresses, delivery });
  await app.register(ordersRoutes, { prefix: '/api', orders, lifecycle });
  await app.register(dashboardRoutes, { prefix: '/api', dashboard });
  await app.register(checkoutRoutes, { prefix: '/api', checkout, webhook, provider });
  await app.register(linkRoutes, { prefix: '/api', links });
  // /s/{id} is answered here, before the storefront's fallback below serves pages.
  await app.register(shortLinkRedirectRoutes, { links });
  // /robots.txt and /sitemap.xml, likewise before the storefront's fallback.
  await app.register(seoRoutes, { seo: createSeoService({ catalogue, publicUrl: config.publicUrl }) });
  await app.register(supportRoutes, { prefix: '/api', support });
  await app.register(reviewsRoutes, { prefix: '/api', reviews });

  await registerWeb(app, {
    distDir: config.webDistDir,
    imagesDir: images.servedDirectory,
    pageExists: cataloguePageExists(catalogue),
    publicUrl: config.publicUrl,
  });
  return app;
}
