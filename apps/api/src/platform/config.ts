import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_VAT_RATE_PERCENT, TRN_PATTERN } from '@bookshop/contracts/vat';

/** Everything the server can be told, all from the environment (see README "Configuration"). */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  databaseUrl?: string;
  /** A streaming standby of databaseUrl for reads that may lag a moment (decision 098); absent: the primary reads. */
  databaseReadUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Support's mailbox: the Reply-To of every mail (the sender is a no-reply address), and named in mails. */
  supportEmail: string;
  /** Where staff are told of new paid orders, at most once a minute (decision 079); unset: nobody is. */
  staffNotifyEmail: string | undefined;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** Where the Stripe SDK sends its calls: Stripe's API, or a local stand-in in tests. */
  stripeApiUrl: string;
  googleClientId?: string;
  googleJwksUrl: string;
  googleIssuer: string;
  jwtSecret: string;
  /** argon2id cost: 'standard' (OWASP) everywhere; 'low' only to keep test suites fast. */
  passwordHashCost: 'standard' | 'low';
  /** Images in an S3-compatible bucket, served from publicUrl (no trailing slash); absent: on disk. */
  s3?: {
    bucket: string;
    publicUrl: string;
    endpoint?: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
  };
  seed: 'demo' | 'none';
  logLevel: string;
  /** Read the client address from X-Forwarded-For (only behind a load balancer). */
  trustProxy: boolean;
  /** NODE_ENV=production (`npm start` sets it): /metrics is then never open to anyone. */
  production: boolean;
  /**
   * Who may read GET /metrics (docs/decisions/059): with `token`, a scrape needs
   * `Authorization: Bearer <token>`; with `port`, /metrics is served only on its own listener at
   * `host:port` and never on the shop's port. In production with neither, /metrics answers 404.
   */
  metrics: { token?: string; port?: number; host: string };
  /** Told `{ paths }` after catalogue changes, so a CDN in front forgets the pages (decision 102); unset: nobody is. */
  cdnPurgeUrl?: string;
  /** Where the catalogue index keeps the snapshot it starts from (decision 106); unset (`CATALOGUE_SNAPSHOT=off`): none. */
  catalogueIndexSnapshot?: string;
  /** Where the built storefront lives; absent in API-only tests. */
  webDistDir?: string;
  /** PostgreSQL limits, so a lock or a lost server gives a 503 instead of a hang (0 = off). */
  dbTimeouts: DatabaseTimeouts;
  /** How long a SIGTERM may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Above these the server answers 503 + Retry-After instead of queueing more work (0 = off). */
  loadShedding: { maxEventLoopDelayMs: number; maxHeapUsedBytes: number };
  /** Who sells, as the tax invoices say (decision 085). */
  shop: ShopSettings;
};

/**
 * The seller on every tax document (decision 085). Without a TRN the shop is not VAT-registered:
 * its documents are titled 'Invoice' / 'Credit Note' and show no VAT (rate 0).
 */
export type ShopSettings = {
  legalName: string;
  address: string;
  trn: string | null;
  /** Printed beside the TRN: the demo seed's 'Demo — not a valid TRN'; null for a real one. */
  trnNote: string | null;
  /** VAT_RATE_PERCENT; applies only when `trn` is set. */
  vatRatePercent: number;
};

/** What the demo seed sells as when SHOP_TRN is unset (decision 085): a made-up TRN, said to be one. */
export const DEMO_SHOP = {
  legalName: 'The Bookshop Demo LLC',
  address: 'Office 12, Al Fahidi Street, Bur Dubai, Dubai, United Arab Emirates',
  trn: '100000000000003',
  trnNote: 'Demo — not a valid TRN',
} as const;

export type DatabaseTimeouts = {
  /** Waiting for a pool connection (or a new one to open). */
  connectMs: number;
  /** PostgreSQL statement_timeout: one statement, lock waits included. */
  statementMs: number;
  /** PostgreSQL idle_in_transaction_session_timeout: a transaction left open by a stuck request. */
  idleInTransactionMs: number;
};

const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export class ConfigError extends Error {}

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .optional()
    .refine((value) => value === undefined || isUrlWith(value, protocols), {
      message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    });

function isUrlWith(value: string, protocols: string[]) {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A duration in whole milliseconds; 0 switches the limit off. */
function milliseconds(fallback: number) {
  const message = 'must be a whole number of milliseconds';
  return z.coerce.number({ error: message }).int(message).min(0, message).max(2_147_483_647, message).default(fallback);
}

/** Default heap ceiling: 90% of what V8 may use, so the process sheds load before it dies of OOM. */
const defaultMaxHeapUsedBytes = () => Math.floor(getHeapStatistics().heap_size_limit * 0.9);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  DATABASE_READ_URL: optionalUrl(['postgres:', 'postgresql:']),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().default('Bookshop <no-reply@bookshop.local>'),
  SUPPORT_EMAIL: z.email('must be an e-mail address').default('support@bookshop.local'),
  STAFF_NOTIFY_EMAIL: z.email('must be an e-mail address').optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  STRIPE_API_URL: optionalUrl(['http:', 'https:']),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ARGON2_COST: z.enum(['standard', 'low'], { error: 'must be standard or low' }).default('standard'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_PUBLIC_URL: optionalUrl(['http:', 'https:']),
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SEED: z.enum(['demo', 'none'], { error: 'must be demo or none' }).default('demo'),
  TRUST_PROXY: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  CDN_PURGE_URL: optionalUrl(['http:', 'https:']),
  CATALOGUE_SNAPSHOT: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  DB_CONNECT_TIMEOUT_MS: milliseconds(5_000),
  DB_STATEMENT_TIMEOUT_MS: milliseconds(10_000),
  DB_IDLE_TX_TIMEOUT_MS: milliseconds(15_000),
  SHUTDOWN_TIMEOUT_MS: milliseconds(10_000).refine((value) => value > 0, { message: 'must be a positive number' }),
  LOAD_SHED_EVENT_LOOP_DELAY_MS: milliseconds(1_000),
  LOAD_SHED_HEAP_USED_MB: z.coerce
    .number({ error: 'must be a whole number of megabytes (0 = off)' })
    .int('must be a whole number of megabytes (0 = off)')
    .min(0, 'must be a whole number of megabytes (0 = off)')
    .optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be a port number')
    .max(65535, 'must be a port number')
    .optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  NODE_ENV: z.string().optional(),
  SHOP_LEGAL_NAME: z.string().trim().min(1).max(200, 'must be at most 200 characters').optional(),
  SHOP_ADDRESS: z.string().trim().min(1).max(500, 'must be at most 500 characters').optional(),
  SHOP_TRN: z.string().trim().regex(TRN_PATTERN, 'must be the 15 digits of a Tax Registration Number').optional(),
  VAT_RATE_PERCENT: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'must be a percentage from 0 to 100 with at most two decimals, such as 5')
    .transform(Number)
    .refine((n) => n <= 100, 'must be a percentage from 0 to 100 with at most two decimals, such as 5')
    .default(DEFAULT_VAT_RATE_PERCENT),
});

/** Reads the environment; throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsMissing = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(blankAsMissing);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got "${env[name]}")`);
  }
  const e = parsed.data;
  // Without the signing secret every Stripe event would be refused and paid orders never fulfilled.
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set (the whsec_… signing secret of the webhook endpoint)',
    );
  }
  // A replica copies a PostgreSQL server; the embedded PGlite has none (decision 098).
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_URL is required when DATABASE_READ_URL is set (the primary the read replica streams from)',
    );
  }
  // Without it nobody could be sent the stored pictures.
  if (e.S3_BUCKET && !e.S3_PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration: S3_PUBLIC_URL is required when S3_BUCKET is set (where browsers fetch the images: a CDN or the bucket)',
    );
  }
  // One port cannot serve the shop to everyone and the metrics only to the internal network.
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      `Invalid configuration: METRICS_PORT must differ from PORT (got "${env.METRICS_PORT}"; metrics get a listener of their own)`,
    );
  }
  // A tax invoice must name the seller's legal name and address beside its TRN (decision 085).
  if (e.SHOP_TRN && (!e.SHOP_LEGAL_NAME || !e.SHOP_ADDRESS)) {
    throw new ConfigError(
      `Invalid configuration: ${e.SHOP_LEGAL_NAME ? 'SHOP_ADDRESS' : 'SHOP_LEGAL_NAME'} is required when SHOP_TRN is set (a tax invoice names the registered seller and its address)`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    staffNotifyEmail: e.STAFF_NOTIFY_EMAIL,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApiUrl: (e.STRIPE_API_URL ?? 'https://api.stripe.com').replace(/\/$/, ''),
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    googleIssuer: e.GOOGLE_ISSUER,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    passwordHashCost: e.ARGON2_COST,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          publicUrl: e.S3_PUBLIC_URL!.replace(/\/+$/, ''),
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    webDistDir: e.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR,
    cdnPurgeUrl: e.CDN_PURGE_URL,
    catalogueIndexSnapshot: e.CATALOGUE_SNAPSHOT === 'on' ? path.join(dataDir, 'catalogue-index.snapshot') : undefined,
    dbTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DB_IDLE_TX_TIMEOUT_MS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    loadShedding: {
      maxEventLoopDelayMs: e.LOAD_SHED_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes:
        e.LOAD_SHED_HEAP_USED_MB === undefined ? defaultMaxHeapUsedBytes() : e.LOAD_SHED_HEAP_USED_MB * 1024 * 1024,
    },
    production: e.NODE_ENV === 'production',
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    shop: shopSettings(e),
  };
}

/** The seller: as configured; the demo seed without SHOP_TRN sells under DEMO_SHOP's made-up TRN. */
function shopSettings(e: z.infer<typeof EnvSchema>): ShopSettings {
  const demo = e.SEED === 'demo' && !e.SHOP_TRN;
  return {
    legalName: e.SHOP_LEGAL_NAME ?? (demo ? DEMO_SHOP.legalName : 'The Bookshop'),
    address: e.SHOP_ADDRESS ?? (demo ? DEMO_SHOP.address : ''),
    trn: e.SHOP_TRN ?? (demo ? DEMO_SHOP.trn : null),
    trnNote: demo ? DEMO_SHOP.trnNote : null,
    vatRatePercent: e.VAT_RATE_PERCENT,
  };
}

/** A secret generated on first start and kept in DATA_DIR, so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
