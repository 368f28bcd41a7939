import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { registerAddresses } from './modules/addresses/module.ts';
import { registerAccounts } from './modules/auth/module.ts';
import { createAccountStateLookup } from './modules/auth/services.ts';
import { REFRESH_COOKIE_NAME } from './modules/auth/session-cookie.ts';
import { registerCart } from './modules/cart/module.ts';
import { registerCatalogue } from './modules/catalogue/module.ts';
import { cataloguePageExists } from './modules/catalogue/page-exists.ts';
import { registerCheckout } from './modules/checkout/module.ts';
import { registerCustomers } from './modules/customers/module.ts';
import { registerDashboard } from './modules/dashboard/module.ts';
import { registerInvoicing } from './modules/invoicing/module.ts';
import { registerLinks } from './modules/links/module.ts';
import { registerOrders } from './modules/orders/module.ts';
import { registerPayments } from './modules/payments/module.ts';
import { registerReviews } from './modules/reviews/module.ts';
import { registerSeo } from './modules/seo/module.ts';
import { registerStaff } from './modules/staff/module.ts';
import { registerStaffNotify } from './modules/staff-notify/module.ts';
import { registerStockAlerts } from './modules/stock-alerts/module.ts';
import { registerSupport } from './modules/support/module.ts';
import { registerWishlist } from './modules/wishlist/module.ts';
import { registerAuth } from './platform/auth.ts';
import { registerCacheControl } from './platform/cache-control.ts';
import type { Config } from './platform/config.ts';
import { readFromPrimary, type Database, type ReadDatabase } from './platform/db.ts';
import { registerDocs } from './platform/docs.ts';
import { clientErrorHandler, frameworkErrors, MAX_PARAM_LENGTH, registerErrorHandling } from './platform/errors.ts';
import { registerHealth } from './platform/health.ts';
import { registerJobs } from './platform/jobs.ts';
import { registerMailer } from './platform/mailer.ts';
import { registerLoginFailures } from './platform/login-lockout.ts';
import { registerMetrics } from './platform/metrics.ts';
import { registerRateLimits } from './platform/rate-limit.ts';
import { RepeatAnswers } from './platform/repeat-answers.ts';
import { registerRequestLogging, requestLoggingOptions } from './platform/request-logging.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { createImageStore } from './platform/storage.ts';
import { validatorCompiler } from './platform/validation.ts';
import { readPageTemplate, registerWeb } from './platform/web.ts';

export type AppOptions = {
  config: Config;
  db: Database;
  /** Where catalogue, sitemap and dashboard reads go (decision 098); absent: the primary. */
  readDb?: ReadDatabase;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them); implies `logger`. */
  logStream?: { write(line: string): void };
};

/** Builds the whole application around an open, migrated database. */
export async function buildApp({
  config,
  db,
  readDb = readFromPrimary(db),
  logger = false,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  // The same public answer asked again within a second is sent before the framework (decision 110).
  const repeats = new RepeatAnswers();
  const app = Fastify({
    serverFactory: repeats.serverFactory,
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
  const pageTemplate = readPageTemplate(config.webDistDir);
  registerSecurityHeaders(app, {
    publicUrl: config.publicUrl,
    imagesUrl: config.s3?.publicUrl,
    pageTemplate: pageTemplate?.toString('utf8'),
  });
  registerCacheControl(app);
  // API answers over 1 KB, brotli or gzip; images and precompressed assets are left as they are.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
  registerMetrics(app, { db, metrics: config.metrics, production: config.production });
  registerAuth(app, { jwtSecret: config.jwtSecret, accountState: createAccountStateLookup(db) });

  await registerDocs(app, { refreshCookieName: REFRESH_COOKIE_NAME });
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
  const images = await createImageStore(config);

  // Feature modules in dependency order: each builds its services from what it is given, mounts
  // its routes (under API_PREFIX, platform/api-prefix.ts) and returns what later modules need.
  const { publicUrl, supportEmail } = config;
  // The sandbox completes orders without charging anyone: the storefront must say so.
  const auth = await registerAccounts(app, { config, db, mailer, testMode: provider.name === 'sandbox' });
  const { accounts } = auth;
  const catalogue = await registerCatalogue(app, {
    db,
    readDb,
    images,
    staffNames: accounts.userNames,
    indexSnapshot: config.catalogueIndexSnapshot,
  });
  const cart = await registerCart(app, { db, catalogue });
  const wishlist = await registerWishlist(app, { db, catalogue });
  await registerStockAlerts(app, { db, catalogue, jobs, mailer, publicUrl });
  const { addresses, delivery } = await registerAddresses(app, { db, catalogue, cart });
  const staffNotify = registerStaffNotify({ db, jobs, mailer, staffNotifyEmail: config.staffNotifyEmail, publicUrl });
  const invoicing = await registerInvoicing(app, { db, shop: config.shop, accounts, mailer });
  const { orders, lifecycle } = await registerOrders(app, {
    db,
    images,
    provider,
    jobs,
    mailer,
    accounts,
    cart,
    supportEmail,
    staffNotify,
    publicUrl,
    invoicing,
  });
  await registerDashboard(app, { db: readDb.db });
  await registerCheckout(app, {
    db,
    provider,
    jobs,
    lifecycle,
    orders,
    accounts,
    addresses,
    delivery,
    cart,
    publicUrl,
  });
  // /s/{id}, /robots.txt and /sitemap.xml are answered before the storefront's fallback below.
  await registerLinks(app, { db, publicUrl });
  await registerSeo(app, { catalogue, publicUrl });
  const support = await registerSupport(app, { db, mailer, orders, publicUrl, supportEmail });
  const reviews = await registerReviews(app, { db, catalogue, orders });
  const { avatars } = await registerCustomers(app, { db, images, auth, cart, wishlist, addresses, support, reviews });
  await registerStaff(app, { db, auth, avatars });

  await registerWeb(app, {
    distDir: config.webDistDir,
    pageTemplate,
    imagesDir: images.servedDirectory,
    pageExists: cataloguePageExists(catalogue),
    publicUrl,
    catalogueChanges: catalogue.changeCount,
    sharedCatalogueChanges: catalogue.sharedChangeCount,
    cdnPurgeUrl: config.cdnPurgeUrl,
  });
  repeats.attach(app, { generation: catalogue.changeCount });
  return app;
}
