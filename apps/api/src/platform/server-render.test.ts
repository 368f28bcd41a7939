import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standInWebBuild, STAND_IN_INDEX_HTML } from '../test/stand-in-web-build.ts';
import { createTestApp, testBook, type TestApp } from '../test/app.ts';
import { PUBLIC_SHARED } from './cache-control.ts';

/*
 * How the API serves server-rendered pages (server-render.ts), with a stand-in for the web app's
 * renderer module: the real one is covered by the browser suite against a built shop
 * (e2e/journeys/server-rendering.test.ts). The stand-in renders from what it fetches through the
 * API in process, so the wiring is the real one.
 */

const RENDERER = `
import { Readable } from 'node:stream';
let api;
export const SSR_STATE_IDS = { router: 'ssr-router-state', query: 'ssr-query-state' };
export function configure(options) { api = options.api; }
export async function render(request, { origin }) {
  const url = new URL(request.url);
  if (url.pathname === '/about-us') throw new Error('renderer bug');
  if (url.pathname === '/faqs') return { kind: 'client-only' };
  if (url.pathname === '/shipping') return { kind: 'redirect', status: 302, location: '/shipping/terms' };
  const title = decodeURIComponent(url.pathname.split('/').pop());
  const res = await api('/api/v1/books/' + encodeURIComponent(title), { headers: { Accept: 'application/json' } });
  const book = await res.json();
  const arabic = url.pathname.startsWith('/ar/');
  return {
    kind: 'page',
    status: 200,
    htmlAttributes: arabic ? { lang: 'ar', dir: 'rtl' } : { lang: 'en', dir: 'ltr' },
    preload: arabic ? '<link rel="preload" as="font" href="/assets/arabic.woff2" crossorigin>' : '',
    head: '<title>' + book.title + ' | Bookshop</title><link rel="canonical" href="' + origin + url.pathname + '">',
    body: Readable.from(['<h1>', book.title, '</h1>', '<p>', String(book.discountedPrice), '</p>']),
    routerState: '{"loaderData":{}}',
    queryState: JSON.stringify({ status: res.status }),
  };
}
`;

let t: TestApp;

beforeAll(async () => {
  const dist = await standInWebBuild(RENDERER);
  t = await createTestApp({ WEB_DIST_DIR: dist, PUBLIC_URL: 'https://shop.example' });
  await t.catalogue.createBook(testBook({ title: 'Emma', priceFils: 4000 }));
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('server-rendered pages', () => {
  it('wraps the rendered page in index.html: its own head instead of the default, markup in #root, state after it', async () => {
    const res = await get('/books/Emma');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // Kept and shared (decision 102): the same for every visitor.
    expect(res.headers['cache-control']).toBe(PUBLIC_SHARED);
    const html = res.body;
    expect(html).toContain(
      '<title>Emma | Bookshop</title><link rel="canonical" href="https://shop.example/books/Emma">',
    );
    expect(html).not.toContain('<title>Bookshop</title>');
    expect(html).toContain('<div id="root"><h1>Emma</h1><p>40</p></div>');
    expect(html).toContain('<script type="application/json" id="ssr-router-state">{"loaderData":{}}</script>');
    // The renderer's API call was answered in process, with the catalogue's data.
    expect(html).toContain('<script type="application/json" id="ssr-query-state">{"status":200}</script>');
    expect(html.indexOf('ssr-query-state')).toBeLessThan(html.indexOf('</body>'));
    expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');
  });

  it('serves an Arabic page under /ar as <html lang="ar" dir="rtl">, with its font preloaded after its head', async () => {
    const res = await get('/ar/books/Emma');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^<!doctype html><html lang="ar" dir="rtl"><head>/);
    expect(res.body).toContain(
      '/ar/books/Emma"><link rel="preload" as="font" href="/assets/arabic.woff2" crossorigin>',
    );
    expect(res.body).toContain('<div id="root"><h1>Emma</h1>');

    const english = await get('/books/Emma');
    expect(english.body).toMatch(/^<!doctype html><html lang="en" dir="ltr"><head>/);
    expect(english.body).not.toContain('rel="preload" as="font"');
  });

  it('knows the Arabic pages: the storefront under /ar, but no Arabic admin area', async () => {
    expect((await get('/ar/books/Nobody%20Wrote%20This')).statusCode).toBe(404);
    expect((await get('/ar/account')).statusCode).toBe(200);
    expect((await get('/ar/admin/dashboard')).statusCode).toBe(404);
    expect((await get('/ar/no-such-page')).statusCode).toBe(404);
    expect((await get('/arabic')).statusCode).toBe(404);
  });

  it('keeps the 404 of a book that does not exist', async () => {
    const res = await get('/books/Nobody%20Wrote%20This');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"><h1>');
  });

  it('falls back to the page rendered in the browser when rendering fails, or the renderer asks for it', async () => {
    for (const url of ['/about-us', '/faqs']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(STAND_IN_INDEX_HTML);
    }
  });

  it('passes on a redirect the routes decided', async () => {
    const res = await get('/shipping');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/shipping/terms');
  });

  it('renders only the public pages: account and admin pages are index.html', async () => {
    for (const url of ['/account', '/admin/dashboard', '/cart', '/login']) {
      const res = await get(url);
      expect(res.body).toBe(STAND_IN_INDEX_HTML);
    }
  });

  it('answers HEAD without rendering', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/books/Emma' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });
});
