import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testBook, type TestApp } from '../test/app.ts';

let t: TestApp;
const APP_JS = `export const books = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Book ${i}`))};`;

beforeAll(async () => {
  // A stand-in storefront build: the server only needs index.html and hashed assets.
  const dist = await mkdtemp(path.join(os.tmpdir(), 'bookshop-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  // What `vite build` writes next to each asset (apps/web/vite.config.ts), and a map it no longer makes.
  await writeFile(path.join(dist, 'assets', 'app-def456.js'), APP_JS);
  await writeFile(path.join(dist, 'assets', 'app-def456.js.br'), brotliCompressSync(APP_JS));
  await writeFile(path.join(dist, 'assets', 'app-def456.js.gz'), gzipSync(APP_JS));
  await writeFile(path.join(dist, 'assets', 'app-def456.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
  await mkdir(path.join(dist, '.vite'));
  await writeFile(path.join(dist, '.vite', 'manifest.json'), '{}');
  t = await createTestApp({ WEB_DIST_DIR: dist });
  await mkdir(path.join(t.config.dataDir, 'uploads', 'books'), { recursive: true });
  await writeFile(path.join(t.config.dataDir, 'uploads', 'books', 'cover-1a2b-400.webp'), 'webp');
  await t.catalogue.createBook(
    testBook({ title: 'Pride and Prejudice', authorNames: ['Jane Austen'], genreNames: ['Poetry'] }),
  );
  // A '/' in a name is one path segment, sent as %2F (issue 19: such pages were 404).
  await t.catalogue.createBook(testBook({ title: 'Probe A/B Title', authorNames: ['AC/DC'], genreNames: ['Sci/Fi'] }));
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('serving the storefront', () => {
  it.each([
    '/',
    '/cart',
    '/books/Pride%20and%20Prejudice',
    '/books/pride%20and%20prejudice',
    '/genres/Poetry',
    '/genres/poetry/',
    '/authors/Jane%20Austen',
    '/books/Probe%20A%2FB%20Title',
    '/authors/AC%2FDC',
    '/genres/sci%2Ffi',
    '/shipping/terms',
    '/admin/dashboard/staff',
  ])('answers the page %s with the app and 200', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it.each(['/nope', '/books', '/books/a/b', '/books/Probe%20A/B%20Title', '/authors/AC/DC', '/admin/whatever'])(
    'answers the unknown page %s with the app and 404',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it.each(['/books/No%20Such%20Book', '/genres/No%20Such%20Genre', '/authors/Nobody%20Known'])(
    'answers the catalogue page %s, naming nothing the shop has, with the app and 404',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect((await t.app.inject({ method: 'HEAD', url })).statusCode).toBe(404);
    },
  );

  it('answers 200 as soon as the genre, author or book is added', async () => {
    const pages = ['/genres/Travel', '/authors/Ibn%20Battuta', '/books/The%20Travels'];
    for (const url of pages) expect((await get(url)).statusCode).toBe(404);
    await t.catalogue.createBook(
      testBook({ title: 'The Travels', authorNames: ['Ibn Battuta'], genreNames: ['Travel'] }),
    );
    for (const url of pages) expect((await get(url)).statusCode).toBe(200);
  });

  it('answers unknown API paths with problem+json', async () => {
    const res = await get('/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('caches hashed assets and images for a year', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const image = await get('/images/books/cover-1a2b-400.webp');
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
    expect((await get('/images/books/missing-400.webp')).statusCode).toBe(404);
  });
});

describe('assets go out compressed and sources stay private', () => {
  const getWith = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('serves the brotli twin to a browser that accepts it, gzip to one that only takes gzip', async () => {
    const br = await getWith('/assets/app-def456.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload).toEqual(brotliCompressSync(APP_JS));

    const gzip = await getWith('/assets/app-def456.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload).toEqual(gzipSync(APP_JS));
  });

  it('serves the file itself without Accept-Encoding', async () => {
    const plain = await getWith('/assets/app-def456.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('never serves source maps or the build manifest', async () => {
    expect((await getWith('/assets/app-def456.js.map')).statusCode).toBe(404);
    expect((await getWith('/assets/app-def456.js.map', 'br')).statusCode).toBe(404);
    expect((await getWith('/.vite/manifest.json')).statusCode).toBe(404);
    // A folder of the build is no listing either.
    expect((await getWith('/assets/')).statusCode).toBe(404);
  });

  it('leaves images as they are: they are compressed already', async () => {
    const big = Buffer.alloc(4096, 7);
    await writeFile(path.join(t.config.dataDir, 'uploads', 'books', 'cover-big-800.webp'), big);
    const image = await getWith('/images/books/cover-big-800.webp', 'br, gzip');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload).toEqual(big);
  });
});
