import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { startCdnPurges } from './cdn-purge.ts';

/* The purge webhook on its own (the app's wiring is in page-cache.test.ts). */

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bookshop-cdn-purge-'));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('CDN purges', () => {
  it('logs a webhook that fails and calls it again only after the next change', async () => {
    let calls = 0;
    const server = createServer((_req, res) => {
      calls++;
      res.statusCode = 500;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const warnings: string[] = [];
    let changes = 0;
    const purges = startCdnPurges({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      changes: () => changes,
      log: { warn: (_object, message) => warnings.push(message) },
      everyMs: 20,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(calls).toBe(0);
      changes++;
      await expect.poll(() => warnings).toEqual(['CDN purge failed; the next catalogue change tries again']);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(calls).toBe(1);
      changes++;
      await expect.poll(() => calls).toBe(2);
    } finally {
      await purges.stop();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('is checked at start-up: CDN_PURGE_URL must be an http(s) URL', () => {
    expect(load({ CDN_PURGE_URL: 'https://purge.example/hook' }).cdnPurgeUrl).toBe('https://purge.example/hook');
    expect(load({}).cdnPurgeUrl).toBeUndefined();
    expect(() => load({ CDN_PURGE_URL: 'ftp://purge.example' })).toThrow(/CDN_PURGE_URL/);
  });
});
