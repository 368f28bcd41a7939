import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof header, 'a content-security-policy header').toBe('string');
  return Object.fromEntries(
    (header as string)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The stand-in build's inline script, as apps/web/src/boot.ts is in the real one. */
const INLINE_SCRIPT = 'document.documentElement.dataset.booted = ""';

async function standInBuild() {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'bookshop-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><div id="root"></div><script type="application/json" id="app-scripts">{}</script><script>${INLINE_SCRIPT}</script>`,
  );
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dist;
}

describe('security headers over plain http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: await standInBuild(), PUBLIC_URL: 'http://shop.test' });
    await mkdir(path.join(t.config.dataDir, 'uploads', 'books'), { recursive: true });
    await writeFile(path.join(t.config.dataDir, 'uploads', 'books', 'cover-1a2b-400.webp'), 'webp');
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it.each(['/', '/cart', '/nope', '/assets/index-abc123.js', '/images/books/cover-1a2b-400.webp', '/api/v1/genres'])(
    'sends the common headers on %s',
    async (url) => {
      const res = await get(url);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toMatch(/(^|, )camera=\(\)/);
      expect(res.headers['permissions-policy']).toMatch(/(^|, )microphone=\(\)/);
      expect(res.headers['permissions-policy']).toMatch(/(^|, )geolocation=\(\)/);
      expect(res.headers['permissions-policy']).toMatch(/(^|, )payment=\(self\)/);
      expect(directives(res.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
      // HSTS over http is ignored by browsers and would pin a LAN name to https.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it("gives the storefront a policy with no foreign scripts and no inline ones but the page's own", async () => {
    const csp = directives((await get('/')).headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    // The hash of exactly the text inside the page's <script>; the JSON data block is not a script.
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(csp['script-src']).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    // The avatar preview shows a blob: URL before the upload.
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp).not.toHaveProperty('upgrade-insecure-requests');
  });

  it('puts the problem answers under the same headers', async () => {
    const res = await get('/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(directives(res.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
  });

  it('lets other sites show book covers but nothing else of ours', async () => {
    expect((await get('/images/books/cover-1a2b-400.webp')).headers['cross-origin-resource-policy']).toBe(
      'cross-origin',
    );
    expect((await get('/assets/index-abc123.js')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('relaxes styles for the API docs only, and they still load', async () => {
    const page = await get('/api/docs/');
    expect(page.statusCode).toBe(200);
    const csp = directives(page.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    // Every script the docs page loads is a file of ours.
    for (const [, src] of page.body.matchAll(/<script[^>]*src="([^"]+)"/g)) {
      const script = await get(new URL(src!, 'http://shop.test/api/docs/').pathname);
      expect(script.statusCode, src).toBe(200);
    }
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect((await get('/api/docs/json')).statusCode).toBe(200);
  });
});

describe('security headers over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: await standInBuild(), PUBLIC_URL: 'https://shop.example' });
  });
  afterAll(() => t.close());

  it('asks browsers to use https only, for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(res.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
  });
});
