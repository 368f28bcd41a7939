import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bookshop-config-'));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('loadConfig', () => {
  it('starts with no configuration at all', () => {
    const config = load({});
    expect(config).toMatchObject({ port: 3000, seed: 'demo', publicUrl: 'http://localhost:3000', trustProxy: false });
    expect(config.databaseUrl).toBeUndefined();
    // The generated secret is kept, so tokens survive a restart.
    expect(load({}).jwtSecret).toBe(config.jwtSecret);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it.each([
    [
      { DATABASE_URL: 'mysql://shop@db/shop' },
      /^Invalid configuration: DATABASE_URL must be a URL starting with postgres:\/\/ or postgresql:\/\//,
    ],
    [{ DATABASE_URL: 'not a url' }, /^Invalid configuration: DATABASE_URL /],
    [
      { DATABASE_URL: 'postgres://shop@db/shop', DATABASE_READ_URL: 'mysql://shop@replica/shop' },
      /^Invalid configuration: DATABASE_READ_URL must be a URL starting with postgres:\/\/ or postgresql:\/\//,
    ],
    [
      { DATABASE_READ_URL: 'postgres://shop@replica/shop' },
      /^Invalid configuration: DATABASE_URL is required when DATABASE_READ_URL is set/,
    ],
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ SEED: 'lots' }, /^Invalid configuration: SEED must be demo or none/],
    [{ JWT_SECRET: 'short' }, /^Invalid configuration: JWT_SECRET must be at least 32 characters/],
    [{ STRIPE_SECRET_KEY: 'pk_live_123' }, /^Invalid configuration: STRIPE_SECRET_KEY must start with sk_/],
    [
      { STRIPE_SECRET_KEY: 'sk_test_123' },
      /^Invalid configuration: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set/,
    ],
    [
      { STRIPE_API_URL: 'ftp://stripe.local' },
      /^Invalid configuration: STRIPE_API_URL must be a URL starting with http:/,
    ],
    [{ REDIS_URL: 'http://cache' }, /^Invalid configuration: REDIS_URL /],
    [{ S3_BUCKET: 'covers' }, /^Invalid configuration: S3_PUBLIC_URL is required when S3_BUCKET is set/],
    [{ S3_BUCKET: 'covers', S3_PUBLIC_URL: 'cdn.example' }, /^Invalid configuration: S3_PUBLIC_URL must be a URL/],
    [
      { DB_STATEMENT_TIMEOUT_MS: '10s' },
      /^Invalid configuration: DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds/,
    ],
    [
      { DB_CONNECT_TIMEOUT_MS: '-1' },
      /^Invalid configuration: DB_CONNECT_TIMEOUT_MS must be a whole number of milliseconds/,
    ],
    [
      { DB_IDLE_TX_TIMEOUT_MS: '1.5' },
      /^Invalid configuration: DB_IDLE_TX_TIMEOUT_MS must be a whole number of milliseconds/,
    ],
    [
      { SHOP_TRN: '10000000000000' },
      /^Invalid configuration: SHOP_TRN must be the 15 digits of a Tax Registration Number/,
    ],
    [{ SHOP_TRN: '100000000000003' }, /^Invalid configuration: SHOP_LEGAL_NAME is required when SHOP_TRN is set/],
    [
      { SHOP_TRN: '100000000000003', SHOP_LEGAL_NAME: 'Bookshop LLC' },
      /^Invalid configuration: SHOP_ADDRESS is required when SHOP_TRN is set/,
    ],
    [{ VAT_RATE_PERCENT: 'five' }, /^Invalid configuration: VAT_RATE_PERCENT must be a percentage from 0 to 100/],
    [{ VAT_RATE_PERCENT: '5.125' }, /^Invalid configuration: VAT_RATE_PERCENT must be a percentage/],
    [{ VAT_RATE_PERCENT: '101' }, /^Invalid configuration: VAT_RATE_PERCENT must be a percentage/],
    [{ METRICS_PORT: 'nine' }, /^Invalid configuration: METRICS_PORT must be a port number/],
    [{ METRICS_PORT: '3000' }, /^Invalid configuration: METRICS_PORT must differ from PORT/],
    [{ METRICS_TOKEN: 'short' }, /^Invalid configuration: METRICS_TOKEN must be at least 16 characters/],
    [{ SHUTDOWN_TIMEOUT_MS: '0' }, /^Invalid configuration: SHUTDOWN_TIMEOUT_MS must be a positive number/],
    [
      { LOAD_SHED_EVENT_LOOP_DELAY_MS: 'x' },
      /^Invalid configuration: LOAD_SHED_EVENT_LOOP_DELAY_MS must be a whole number/,
    ],
    [
      { LOAD_SHED_HEAP_USED_MB: '1GB' },
      /^Invalid configuration: LOAD_SHED_HEAP_USED_MB must be a whole number of megabytes/,
    ],
    [{ CATALOGUE_SNAPSHOT: 'no' }, /^Invalid configuration: CATALOGUE_SNAPSHOT must be on or off/],
  ])('stops with one line naming the variable for %o', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
    try {
      load(env);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('bounds database waits, shutdown and load by default, and reads each limit', () => {
    const config = load({});
    expect(config.dbTimeouts).toEqual({ connectMs: 5000, statementMs: 10_000, idleInTransactionMs: 15_000 });
    expect(config.shutdownTimeoutMs).toBe(10_000);
    expect(config.loadShedding.maxEventLoopDelayMs).toBe(1000);
    expect(config.loadShedding.maxHeapUsedBytes).toBeGreaterThan(0);
    const tuned = load({
      DB_CONNECT_TIMEOUT_MS: '2000',
      DB_STATEMENT_TIMEOUT_MS: '0',
      DB_IDLE_TX_TIMEOUT_MS: '60000',
      SHUTDOWN_TIMEOUT_MS: '30000',
      LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
      LOAD_SHED_HEAP_USED_MB: '512',
    });
    expect(tuned.dbTimeouts).toEqual({ connectMs: 2000, statementMs: 0, idleInTransactionMs: 60_000 });
    expect(tuned.shutdownTimeoutMs).toBe(30_000);
    expect(tuned.loadShedding).toEqual({ maxEventLoopDelayMs: 0, maxHeapUsedBytes: 512 * 1024 * 1024 });
  });

  it("talks to Stripe's API unless STRIPE_API_URL points elsewhere", () => {
    expect(load({}).stripeApiUrl).toBe('https://api.stripe.com');
    const stripe = load({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_API_URL: 'http://127.0.0.1:12111/',
    });
    expect(stripe).toMatchObject({
      stripeSecretKey: 'sk_test_123',
      stripeWebhookSecret: 'whsec_abc',
      stripeApiUrl: 'http://127.0.0.1:12111',
    });
  });

  it('sells as the configured shop; without SHOP_TRN not VAT-registered, except the demo seed with its demo TRN', () => {
    expect(load({ SEED: 'none' }).shop).toEqual({
      legalName: 'The Bookshop',
      address: '',
      trn: null,
      trnNote: null,
      vatRatePercent: 5,
    });
    expect(load({ SEED: 'demo' }).shop).toMatchObject({ trn: '100000000000003', trnNote: 'Demo — not a valid TRN' });
    const registered = {
      SHOP_TRN: '100234567890003',
      SHOP_LEGAL_NAME: 'Bookshop Trading LLC',
      SHOP_ADDRESS: 'Dubai',
      VAT_RATE_PERCENT: '7.5',
    };
    for (const seed of ['demo', 'none'])
      expect(load({ SEED: seed, ...registered }).shop).toEqual({
        legalName: 'Bookshop Trading LLC',
        address: 'Dubai',
        trn: '100234567890003',
        trnNote: null,
        vatRatePercent: 7.5,
      });
  });

  it('keeps the catalogue index snapshot in DATA_DIR unless CATALOGUE_SNAPSHOT=off', () => {
    expect(load({}).catalogueIndexSnapshot).toBe(path.join(dataDir, 'catalogue-index.snapshot'));
    expect(load({ CATALOGUE_SNAPSHOT: 'on' }).catalogueIndexSnapshot).toBe(
      path.join(dataDir, 'catalogue-index.snapshot'),
    );
    expect(load({ CATALOGUE_SNAPSHOT: 'off' }).catalogueIndexSnapshot).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(load({ DATABASE_URL: '', PORT: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });
});
