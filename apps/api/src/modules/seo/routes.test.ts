import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '@bookshop/contracts/catalogue';
import { RoleName } from '@bookshop/contracts/enums';
import { bookPath } from '@bookshop/contracts/routes';
import { buildApp } from '../../app.ts';
import { openPostgres, type DatabaseHandle } from '../../platform/db.ts';
import { isbn13CheckDigit } from '../../seed/isbn.ts';
import { seoRoutes } from './routes.ts';
import { createSeoService } from './service.ts';
import { callAs, createStaff, createTestApp, testBook, type TestAccount, type TestApp } from '../../test/app.ts';

const SHOP = 'https://shop.example';

let t: TestApp;
let supervisor: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: SHOP });
  supervisor = await createStaff(t, RoleName.Supervisor);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function sitemap(): Promise<string> {
  const res = await get('/sitemap.xml');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(res.headers['cache-control']).toBe('public, max-age=3600');
  expectWellFormed(res.body);
  return res.body;
}

/** Every <loc> of a sitemap, unescaped. */
const locsOf = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) =>
    loc!.replace(
      /&(amp|lt|gt|apos|quot);/g,
      (_, name: string) => ({ amp: '&', lt: '<', gt: '>', apos: "'", quot: '"' })[name]!,
    ),
  );

/**
 * A small well-formedness check: one XML declaration, then elements that nest and close in
 * order, with no bare '&' or '<' in text.
 */
function expectWellFormed(xml: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.slice(xml.indexOf('\n') + 1);
  const open: string[] = [];
  let position = 0;
  while (position < body.length) {
    const start = body.indexOf('<', position);
    const text = body.slice(position, start === -1 ? undefined : start);
    expect(text.replace(/&(amp|lt|gt|apos|quot);/g, '')).not.toMatch(/[&>]/);
    if (start === -1) break;
    const end = body.indexOf('>', start);
    expect(end).toBeGreaterThan(start);
    const tag = body.slice(start + 1, end);
    if (tag.startsWith('/')) expect(open.pop()).toBe(tag.slice(1));
    // An element closed in its own tag (the hreflang <xhtml:link/>) opens nothing.
    else if (!tag.endsWith('/')) open.push(tag.split(' ')[0]!);
    position = end + 1;
  }
  expect(open).toEqual([]);
}

let isbnSeq = 555_100_000;
const staffForm = (overrides: Record<string, unknown>) => {
  const body = `978${isbnSeq++}`;
  return {
    description: 'For the sitemap.',
    isbn: `${body}${isbn13CheckDigit(body)}`,
    price: '20',
    discountPercentage: '0',
    stockQuantity: '3',
    isNextDayDeliveryEligible: false,
    authors: [{ name: 'Sitemap Author' }],
    genres: [{ name: 'Sitemap Genre' }],
    ...overrides,
  };
};

describe('GET /robots.txt', () => {
  it('allows the shop, keeps crawlers out of the admin area and customer pages, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of [
      '/admin',
      '/account',
      '/cart',
      '/checkout',
      '/orders/',
      '/wish-list',
      '/reviews/',
      '/add-address',
      '/update-address/',
      '/api/',
    ])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${SHOP}/sitemap.xml`);
    // The customer pages' Arabic twins too (decision 089); there is no Arabic admin area.
    for (const path of ['/ar/account', '/ar/cart', '/ar/checkout', '/ar/orders/', '/ar/wish-list'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /ar/admin');
    expect(lines).not.toContain('Disallow: /ar');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists home, the static pages, each shown book with its genre and author, absolute on PUBLIC_URL', async () => {
    await t.catalogue.createBook(
      testBook({ title: 'Harbour Lights', authorNames: ['Ada Quill'], genreNames: ['Sea Stories'] }),
    );
    const xml = await sitemap();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    const locs = locsOf(xml);
    for (const page of [
      '/',
      '/shipping',
      '/shipping/terms',
      '/terms-of-use',
      '/privacy-policy',
      '/about-us',
      '/faqs',
      '/contact-us',
    ])
      expect(locs).toContain(`${SHOP}${page}`);
    expect(locs).toContain(`${SHOP}/books/Harbour%20Lights`);
    expect(locs).toContain(`${SHOP}/genres/Sea%20Stories`);
    expect(locs).toContain(`${SHOP}/authors/Ada%20Quill`);
    expect(locs.every((loc) => loc.startsWith(`${SHOP}/`))).toBe(true);
    // Each page once, and as many <url> as <loc>.
    expect(new Set(locs).size).toBe(locs.length);
    expect(xml.split('<url>').length - 1).toBe(locs.length);
    expect(xml).toMatch(
      /<url><loc>https:\/\/shop\.example\/books\/Harbour%20Lights<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod><xhtml:link /,
    );
  });

  it('lists every page in Arabic too, each language naming both and English as the default (decision 089)', async () => {
    await t.catalogue.createBook(testBook({ title: 'Desert Tide', genreNames: ['Sea Stories'] }));
    const xml = await sitemap();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const locs = locsOf(xml);
    for (const page of ['', '/about-us', '/books/Desert%20Tide', '/genres/Sea%20Stories'])
      expect(locs).toContain(`${SHOP}/ar${page}`);
    expect(locs.filter((loc) => loc.startsWith(`${SHOP}/ar`))).toHaveLength(locs.length / 2);
    const alternates =
      `<xhtml:link rel="alternate" hreflang="en" href="${SHOP}/books/Desert%20Tide"/>` +
      `<xhtml:link rel="alternate" hreflang="ar" href="${SHOP}/ar/books/Desert%20Tide"/>` +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${SHOP}/books/Desert%20Tide"/>`;
    for (const loc of [`${SHOP}/books/Desert%20Tide`, `${SHOP}/ar/books/Desert%20Tide`])
      expect(xml).toMatch(new RegExp(`<url><loc>${loc}</loc><lastmod>[^<]+</lastmod>${alternates}</url>`));
    expectWellFormed(xml);
  });

  it('escapes a title with & < \' " and links it as the storefront does', async () => {
    const title = `Salt & Pepper's "Kitchen" <Notes>`;
    await t.catalogue.createBook(testBook({ title, genreNames: ['Food & Drink'] }));
    const xml = await sitemap();
    expect(locsOf(xml)).toContain(`${SHOP}${bookPath(title)}`);
    expect(locsOf(xml)).toContain(`${SHOP}/genres/Food%20%26%20Drink`);
    expect(xml).toContain('Salt%20%26%20Pepper&apos;s%20%22Kitchen%22%20%3CNotes%3E');
  });

  it('reflects a new book and a newly hidden one right after the staff write, and never lists a hidden book', async () => {
    await sitemap(); // cached now
    const created = await callAs(t, 'POST', '/api/v1/books', supervisor, staffForm({ title: 'Quayside Ledger' }));
    expect(created.statusCode, created.body).toBe(201);
    const book = created.json<Book>();
    let locs = locsOf(await sitemap());
    expect(locs).toContain(`${SHOP}/books/Quayside%20Ledger`);
    expect(locs).toContain(`${SHOP}/genres/Sitemap%20Genre`);
    expect(locs).toContain(`${SHOP}/authors/Sitemap%20Author`);

    const hidden = await callAs(t, 'PUT', '/api/v1/books', supervisor, {
      ...staffForm({ title: book.title, isbn: book.isbn, isActive: false }),
      id: book.id,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    locs = locsOf(await sitemap());
    expect(locs).not.toContain(`${SHOP}/books/Quayside%20Ledger`);
    // Its genre and author have no other book on sale.
    expect(locs).not.toContain(`${SHOP}/genres/Sitemap%20Genre`);
    expect(locs).not.toContain(`${SHOP}/authors/Sitemap%20Author`);
  });

  it('has no numbered files while one file holds every URL', async () => {
    expect((await get('/sitemap-1.xml')).statusCode).toBe(404);
    expect((await get('/sitemap-x.xml')).statusCode).toBe(404);
  });

  it('stays out of the API document', async () => {
    const doc = (await get('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths).filter((p) => /robots|sitemap/.test(p))).toEqual([]);
  });
});

describe('past the URL limit', () => {
  it('answers an index at /sitemap.xml whose numbered files together list every URL', async () => {
    const app = Fastify();
    const seo = createSeoService({ catalogue: t.catalogue, publicUrl: SHOP, urlLimit: 4 });
    await app.register(seoRoutes, { seo });
    try {
      const all = locsOf(await sitemap());
      const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
      expectWellFormed(index.body);
      expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const files = locsOf(index.body);
      expect(files).toEqual(
        Array.from({ length: Math.ceil(all.length / 4) }, (_, i) => `${SHOP}/sitemap-${i + 1}.xml`),
      );

      const listed: string[] = [];
      for (const file of files) {
        const part = await app.inject({ method: 'GET', url: file.slice(SHOP.length) });
        expect(part.statusCode).toBe(200);
        expect(part.headers['content-type']).toBe('application/xml; charset=utf-8');
        expect(part.headers['cache-control']).toBe('public, max-age=3600');
        expectWellFormed(part.body);
        const locs = locsOf(part.body);
        expect(locs.length).toBeLessThanOrEqual(4);
        listed.push(...locs);
      }
      expect(listed).toEqual(all);
      for (const url of [`/sitemap-${files.length + 1}.xml`, '/sitemap-0.xml', '/sitemap-01.xml'])
        expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('with a storefront build', () => {
  it('answers robots.txt and the sitemap, not the storefront page', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'bookshop-dist-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const withWeb = await createTestApp({ PUBLIC_URL: SHOP, WEB_DIST_DIR: dist });
    try {
      const robots = await withWeb.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(robots.body).toContain(`Sitemap: ${SHOP}/sitemap.xml`);
      const xml = await withWeb.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(xml.headers['content-security-policy']).toBeDefined();
      expect(locsOf(xml.body)).toContain(`${SHOP}/`);
    } finally {
      await withWeb.close();
    }
  });
});

/** A second instance on the same PostgreSQL database hears the write through NOTIFY and drops its cached sitemap. */
describe.skipIf(!process.env.DATABASE_URL)('the sitemap across instances (PostgreSQL)', () => {
  let bHandle: DatabaseHandle;
  let b: FastifyInstance;
  beforeAll(async () => {
    const pool = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client;
    bHandle = await openPostgres(pool.options.connectionString, 4);
    b = await buildApp({ config: t.config, db: bHandle.db });
  });
  afterAll(async () => {
    await b?.close();
    await bHandle?.close();
  });

  const locsOnB = async () => locsOf((await b.inject({ method: 'GET', url: '/sitemap.xml' })).body);

  it("a book added and hidden on one instance shows in the other's cached sitemap within a second", async () => {
    expect(await locsOnB()).not.toContain(`${SHOP}/books/Lantern%20Reach`);
    const created = await callAs(t, 'POST', '/api/v1/books', supervisor, staffForm({ title: 'Lantern Reach' }));
    expect(created.statusCode, created.body).toBe(201);
    const book = created.json<Book>();
    await withinOneSecond(async () => expect(await locsOnB()).toContain(`${SHOP}/books/Lantern%20Reach`));

    const hidden = await callAs(t, 'PUT', '/api/v1/books', supervisor, {
      ...staffForm({ title: book.title, isbn: book.isbn, isActive: false }),
      id: book.id,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    await withinOneSecond(async () => expect(await locsOnB()).not.toContain(`${SHOP}/books/Lantern%20Reach`));
  });
});

async function withinOneSecond(check: () => Promise<void>) {
  const deadline = Date.now() + 1000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
