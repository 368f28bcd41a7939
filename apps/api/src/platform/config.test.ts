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
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ SEED: 'lots' }, /^Invalid configuration: SEED must be demo or none/],
    [{ JWT_SECRET: 'short' }, /^Invalid configuration: JWT_SECRET must be at least 32 characters/],
    [{ STRIPE_SECRET_KEY: 'pk_live_123' }, /^Invalid configuration: STRIPE_SECRET_KEY must start with sk_/],
    [{ REDIS_URL: 'http://cache' }, /^Invalid configuration: REDIS_URL /],
    [{ S3_BUCKET: 'covers' }, /^Invalid configuration: S3_BUCKET is not supported yet/],
  ])('stops with one line naming the variable for %o', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
    try {
      load(env);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('treats empty variables as unset', () => {
    expect(load({ DATABASE_URL: '', PORT: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });
});
