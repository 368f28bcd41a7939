import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleName } from '@bookshop/contracts/enums';
import { announceCatalogueChange } from '../modules/catalogue/invalidation.ts';
import { setBookRating } from '../modules/catalogue/ratings-service.ts';
import { standInWebBuild, STAND_IN_INDEX_HTML } from '../test/stand-in-web-build.ts';
import { callAs, createStaff, createTestApp, testBook, type TestAccount, type TestApp } from '../test/app.ts';
import { PUBLIC_SHARED } from './cache-control.ts';
import { PageCache, type PageOutcome } from './page-cache.ts';
import { prepareAnswerLazily } from './prepared-answer.ts';

/*
 * Rendered public pages kept and sent as they are (page-cache.ts, decision 102). The app tests use
 * a stand-in for the web app's renderer, as server-render.test.ts does, that counts its renders
 * and shows the book's price, stock and rating fetched through the API in process.
 */

const RENDERER = `
import { Readable } from 'node:stream';
let api;
globalThis.pageRenders = [];
export const SSR_STATE_IDS = { router: 'ssr-router-state', query: 'ssr-query-state' };
export function configure(options) { api = options.api; }
export async function render(request) {
  const url = new URL(request.url);
  globalThis.pageRenders.push(url.pathname + url.search + ' ' + [...request.headers.keys()].join(','));
  if (url.pathname.endsWith('/shipping')) return { kind: 'redirect', status: 302, location: '/shipping/terms' };
  const title = decodeURIComponent(url.pathname.split('/').pop());
  const res = await api('/api/v1/books/' + encodeURIComponent(title), { headers: { Accept: 'application/json' } });
  const book = await res.json();
  const arabic = url.pathname.startsWith('/ar/');
  const shown = [book.title, book.price, book.stockQuantity, book.rating].join('|');
  return {
    kind: 'page',
    status: 200,
    htmlAttributes: arabic ? { lang: 'ar', dir: 'rtl' } : { lang: 'en', dir: 'ltr' },
    preload: '',
    head: '<title>' + book.title + '</title>',
    // Long enough to be compressed (prepared-answer.ts compresses from 1 KB).
    body: Readable.from(['<h1>', shown, '</h1>', '<p>', 'A page. '.repeat(200), '</p>']),
    routerState: '{"loaderData":{}}',
    queryState: JSON.stringify({ shown }),
  };
}
`;

const renders = () => (globalThis as unknown as { pageRenders: string[] }).pageRenders;

let purges: unknown[] = [];
let purgeServer: Server;
let t: TestApp;
let supervisor: TestAccount;
let emmaId: number;

beforeAll(async () => {
  purgeServer = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      purges.push({ method: req.method, type: req.headers['content-type'], body: JSON.parse(body) as unknown });
      res.end();
    });
  });
  await new Promise<void>((resolve) => purgeServer.listen(0, '127.0.0.1', resolve));
  const dist = await standInWebBuild(RENDERER);
  t = await createTestApp({
    WEB_DIST_DIR: dist,
    CDN_PURGE_URL: `http://127.0.0.1:${(purgeServer.address() as AddressInfo).port}/purge`,
  });
  emmaId = await t.catalogue.createBook(testBook({ title: 'Emma', priceFils: 4000, stockQuantity: 5 }));
  await t.catalogue.createBook(testBook({ title: 'Persuasion', priceFils: 3000 }));
  supervisor = await createStaff(t, RoleName.Supervisor);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => purgeServer.close(resolve));
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip', ...headers } });
const shown = (body: Buffer) => /<h1>([^<]*)<\/h1>/.exec(brotliDecompressSync(body).toString())?.[1];
const rendersOf = (url: string) => renders().filter((line) => line.startsWith(`${url} `)).length;

describe('kept pages', () => {
  it('renders a page once and sends it, compressed, with the CDN headers', async () => {
    const first = await get('/books/Emma');
    const second = await get('/books/Emma');
    expect(rendersOf('/books/Emma')).toBe(1);
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(PUBLIC_SHARED);
      expect(res.headers['vary']).toBe('Accept-Encoding');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['etag']).toMatch(/^"[\w-]+-br"$/);
    }
    expect(second.headers['etag']).toBe(first.headers['etag']);
    expect(shown(second.rawPayload)).toBe('Emma|40|5|0');
    // The state the page hydrates from is the one it was rendered with, in the same kept bytes.
    expect(brotliDecompressSync(second.rawPayload).toString()).toContain(
      '<script type="application/json" id="ssr-query-state">{"shown":"Emma|40|5|0"}</script>',
    );

    const gzip = await get('/books/Emma', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['etag']).toMatch(/-gzip"$/);
    const plain = await get('/books/Emma', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<h1>Emma|40|5|0</h1>');
    expect(rendersOf('/books/Emma')).toBe(1);
  });

  it('answers 304 to If-None-Match naming the page', async () => {
    const first = await get('/books/Persuasion');
    const again = await get('/books/Persuasion', { 'if-none-match': first.headers['etag'] as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['etag']).toBe(first.headers['etag']);
    expect(again.headers['cache-control']).toBe(PUBLIC_SHARED);
    expect((await get('/books/Persuasion', { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('keeps the Arabic page apart from the English one', async () => {
    const english = await get('/books/Persuasion');
    const arabic = await get('/ar/books/Persuasion');
    expect(brotliDecompressSync(arabic.rawPayload).toString()).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    expect(brotliDecompressSync(english.rawPayload).toString()).toMatch(/^<!doctype html><html lang="en" dir="ltr">/);
    expect(arabic.headers['etag']).not.toBe(english.headers['etag']);
    await get('/ar/books/Persuasion');
    expect(rendersOf('/ar/books/Persuasion')).toBe(1);
  });

  it('renders without the visitor’s cookies or credentials, so every visitor gets the same page', async () => {
    const anonymous = await get('/books/Emma');
    const withCookie = await get('/books/Emma', {
      cookie: 'bookshop_refresh=someone; lang=ar',
      authorization: 'Bearer someone',
    });
    expect(withCookie.headers['etag']).toBe(anonymous.headers['etag']);
    expect(brotliDecompressSync(withCookie.rawPayload).toString()).not.toContain('someone');
    expect(renders().every((line) => !/cookie|authorization/.test(line))).toBe(true);
    // Pages that are anyone's own are not rendered, not kept, and not shared.
    for (const url of ['/account', '/cart', '/checkout', '/login']) {
      const res = await get(url, { cookie: 'bookshop_refresh=someone' });
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(STAND_IN_INDEX_HTML);
    }
    // And the API's answers to a caller stay private.
    expect((await get('/api/v1/books/Emma', { cookie: 'bookshop_refresh=someone' })).headers['cache-control']).toBe(
      'private, no-store',
    );
  });

  it('keeps neither redirects nor pages of books that do not exist', async () => {
    for (let i = 0; i < 2; i++) {
      const missing = await get('/books/Nobody%20Wrote%20This');
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['cache-control']).toBe('no-cache');
      const redirect = await get('/shipping');
      expect(redirect.statusCode).toBe(302);
    }
    expect(rendersOf('/books/Nobody%20Wrote%20This')).toBe(2);
    expect(rendersOf('/shipping')).toBe(2);
  });
});

describe('a catalogue change renders the page again at once', () => {
  const emma = async () => shown((await get('/books/Emma')).rawPayload);
  /** Resolves once the instance's count of changes heard has stood still for 300 ms. */
  const changesSettled = async () => {
    let seen = t.catalogue.changeCount();
    for (let stillFor = 0; stillFor < 300;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const now = t.catalogue.changeCount();
      stillFor = now === seen ? stillFor + 50 : 0;
      seen = now;
    }
  };

  it('a stock change by staff', async () => {
    expect(await emma()).toBe('Emma|40|5|0');
    const res = await callAs(t, 'POST', `/api/v1/books/${emmaId}/stock-movements`, supervisor, {
      delta: 3,
      reason: 'received',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await emma()).toBe('Emma|40|8|0');
  });

  it('a price change', async () => {
    // On a PostgreSQL server the instance may hear the stock change above once more, a moment later,
    // on its listening connection: the kept page is checked once nothing more is coming.
    await changesSettled();
    await emma();
    const before = rendersOf('/books/Emma');
    await emma();
    expect(rendersOf('/books/Emma')).toBe(before);
    // What a staff edit does: the row changes and the change is announced in one transaction.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update books set price_fils = 4500 where id = ${emmaId}`);
      await announceCatalogueChange(tx);
    });
    expect(await emma()).toBe('Emma|45|8|0');
  });

  it('a new review’s rating', async () => {
    await emma();
    // What a new review does (reviews/service.ts).
    await t.db.transaction((tx) => setBookRating(tx, emmaId, { average: 4, count: 1 }));
    expect(await emma()).toBe('Emma|45|8|4');
  });

  it('copies sold by a checkout on this instance (announced here only)', async () => {
    await emma();
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update books set stock_quantity = stock_quantity - 2 where id = ${emmaId}`);
      await announceCatalogueChange(tx, 'here');
    });
    expect(await emma()).toBe('Emma|45|6|4');
  });

  it('and tells the CDN purge webhook, once for a burst of changes', async () => {
    await expect.poll(() => purges.length, { timeout: 5000 }).toBeGreaterThan(0);
    // Let any purge for the changes above finish, then start afresh.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // The webhook is checked once a second: a purge that has just arrived marks a check, so a burst
    // sent at once falls within one interval, whatever the machine's load.
    purges = [];
    await t.db.transaction((tx) => announceCatalogueChange(tx));
    await expect.poll(() => purges.length, { timeout: 5000 }).toBe(1);
    purges = [];
    for (let i = 0; i < 3; i++) await t.db.transaction((tx) => announceCatalogueChange(tx));
    await expect.poll(() => purges.length, { timeout: 5000 }).toBe(1);
    expect(purges[0]).toEqual({ method: 'POST', type: 'application/json', body: { paths: ['/*'] } });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(purges).toHaveLength(1);
  });

  it('but not for copies a checkout sold: a burst of sales must not empty the CDN', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    purges = [];
    for (let i = 0; i < 3; i++)
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`update books set stock_quantity = stock_quantity - 1 where id = ${emmaId}`);
        await announceCatalogueChange(tx, 'here');
      });
    // This instance's own page shows the sale at once all the same.
    expect(await emma()).toBe('Emma|45|3|4');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(purges).toEqual([]);
  });
});

describe('PageCache', () => {
  const page = (html: string): PageOutcome<never> => ({
    kind: 'page',
    answer: prepareAnswerLazily(html, 'text/html'),
  });
  const setup = (limits: { maxPages?: number; maxBytes?: number } = {}) => {
    const state = {
      now: 0,
      generation: 0,
      version: 1,
      calls: [] as string[],
      hold: undefined as Promise<void> | undefined,
    };
    const cache = new PageCache<never>({
      render: async (url) => {
        state.calls.push(url);
        const version = state.version;
        await state.hold;
        return page(`${url} v${version}`);
      },
      generation: () => state.generation,
      onBackgroundError: () => undefined,
      now: () => state.now,
      limits: { freshMs: 1000, staleMs: 1000, ...limits },
    });
    const text = async (url: string) => {
      const outcome = await cache.get(url);
      return outcome.kind === 'page' ? outcome.answer.bodies.identity.toString() : undefined;
    };
    return { cache, state, text };
  };

  it('renders one URL once however many ask at the same time', async () => {
    const { state, text } = setup();
    let release!: () => void;
    state.hold = new Promise((resolve) => (release = resolve));
    const answers = Promise.all([text('/a'), text('/a'), text('/a')]);
    release();
    expect(await answers).toEqual(['/a v1', '/a v1', '/a v1']);
    expect(state.calls).toEqual(['/a']);
  });

  it('serves a page past its fresh time while one fresh render runs, then the fresh one', async () => {
    const { state, text } = setup();
    await text('/a');
    state.now = 1500;
    state.version = 2;
    let release!: () => void;
    state.hold = new Promise((resolve) => (release = resolve));
    expect(await text('/a')).toBe('/a v1');
    expect(await text('/a')).toBe('/a v1');
    expect(state.calls).toEqual(['/a', '/a']);
    release();
    await expect.poll(() => text('/a')).toBe('/a v2');
    expect(state.calls).toHaveLength(2);
  });

  it('renders a page too old to serve stale before answering', async () => {
    const { state, text } = setup();
    await text('/a');
    state.now = 2500;
    state.version = 2;
    expect(await text('/a')).toBe('/a v2');
  });

  it('forgets every page when the catalogue changes, even one rendering while it changed', async () => {
    const { cache, state, text } = setup();
    await text('/a');
    await text('/b');
    state.generation = 1;
    state.version = 2;
    let release!: () => void;
    state.hold = new Promise((resolve) => (release = resolve));
    const rendering = text('/a');
    expect(cache.size).toBe(0);
    // Changed again while /a rendered: what it rendered may be older than the change.
    state.generation = 2;
    release();
    expect(await rendering).toBe('/a v2');
    state.hold = undefined;
    state.version = 3;
    expect(await text('/a')).toBe('/a v3');
  });

  it('keeps at most maxPages and maxBytes, dropping the least recently used', async () => {
    const { cache, state, text } = setup({ maxPages: 2 });
    await text('/a');
    await text('/b');
    await text('/a');
    await text('/c');
    expect(cache.size).toBe(2);
    await text('/a');
    expect(state.calls).toEqual(['/a', '/b', '/c']);
    await text('/b');
    expect(state.calls).toEqual(['/a', '/b', '/c', '/b']);

    const small = setup({ maxBytes: 15 });
    await small.text('/first');
    await small.text('/second');
    expect(small.cache.size).toBe(1);
    expect(small.cache.storedBytes).toBeLessThanOrEqual(15);
  });

  it('counts an encoding made after a page was kept, so the byte limit still holds', async () => {
    const { cache, state, text } = setup({ maxBytes: 40 });
    await text('/a');
    await text('/b');
    expect(cache.storedBytes).toBe(10);
    // What sendPrepared does when a request first accepts brotli.
    const kept = await cache.get('/b');
    if (kept.kind === 'page') kept.answer.bodies.br = Buffer.alloc(31);
    expect(await text('/b')).toBe('/b v1');
    expect(cache.storedBytes).toBe(36);
    expect(cache.size).toBe(1);
    await text('/a');
    expect(state.calls).toEqual(['/a', '/b', '/a']);
  });
});
