import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookPageSchema, BookSchema, type Book, type BookPage } from '@bookshop/contracts/catalogue';
import { PUBLIC_SHARED } from '../../platform/cache-control.ts';
import { prepareJson } from '../../platform/public-answers.ts';
import { RoleName } from '@bookshop/contracts/enums';
import {
  callAs,
  createCustomer,
  createStaff,
  createTestApp,
  testBook,
  type TestAccount,
  type TestApp,
} from '../../test/app.ts';

/**
 * The storefront's public catalogue reads (decision 101): the same bytes for every anonymous
 * caller, sent with the CDN's Cache-Control, a strong ETag per encoding, 304 on If-None-Match and
 * `Vary: Accept-Encoding`; the same reads with a cookie or a token stay `private, no-store`; a
 * catalogue change gives a new ETag and the new content at once.
 */

let t: TestApp;
let customer: TestAccount;
let emmaId: number;

const PUBLIC_READS = [
  '/api/v1/books',
  '/api/v1/books?pageNo=1&pageSize=20&genre=Classics',
  '/api/v1/books/search-books?keyword=emma',
  '/api/v1/search/books?keyword=emma',
  `/api/v1/books/${encodeURIComponent('Emma')}`,
  '/api/v1/genres',
  '/api/v1/authors',
  '/api/v1/countries',
];

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 1; i <= 30; i++)
    await t.catalogue.createBook(
      testBook({
        title: `Classic ${String(i).padStart(2, '0')}`,
        genreNames: ['Classics'],
        description: 'x'.repeat(200),
      }),
    );
  emmaId = await t.catalogue.createBook(testBook({ title: 'Emma', genreNames: ['Classics'], stockQuantity: 3 }));
  customer = await createCustomer(t);
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('public catalogue reads', () => {
  it('are shared: public Cache-Control, a strong ETag, Vary: Accept-Encoding', async () => {
    for (const url of PUBLIC_READS) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(PUBLIC_SHARED);
      expect(res.headers.etag, url).toMatch(/^"[\w-]+"$/);
      expect(res.headers.vary, url).toBe('Accept-Encoding');
      expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
    }
  });

  it('answer 304 to an If-None-Match naming the content, in any encoding', async () => {
    for (const url of PUBLIC_READS) {
      const first = await get(url, { 'accept-encoding': 'br, gzip' });
      const etag = String(first.headers.etag);
      const again = await get(url, { 'accept-encoding': 'br, gzip', 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
      expect(again.headers.etag, url).toBe(etag);
      expect(again.headers['cache-control'], url).toBe(PUBLIC_SHARED);
      // A cache holding the plain copy revalidates against the compressed one's tag, and the other way round.
      expect((await get(url, { 'if-none-match': etag })).statusCode, url).toBe(304);
    }
  });

  it('send the same content in every encoding, each with its own ETag', async () => {
    const plain = await get('/api/v1/books?pageSize=20&genre=Classics');
    const br = await get('/api/v1/books?pageSize=20&genre=Classics', { 'accept-encoding': 'br' });
    const gz = await get('/api/v1/books?pageSize=20&genre=Classics', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    expect((JSON.parse(plain.body) as BookPage).data).toHaveLength(20);
  });

  it('do not depend on the language: an Arabic page gets the same bytes and ETag', async () => {
    for (const url of PUBLIC_READS) {
      const english = await get(url, { 'accept-language': 'en' });
      const arabic = await get(url, { 'accept-language': 'ar' });
      expect(arabic.body, url).toBe(english.body);
      expect(arabic.headers.etag, url).toBe(english.headers.etag);
    }
  });

  it('are private, no-store when the request carries a cookie or a token, with the same content', async () => {
    for (const url of PUBLIC_READS) {
      const shared = await get(url);
      for (const headers of [{ cookie: customer.refreshCookie }, customer.headers, { cookie: 'lang=ar' }]) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('private, no-store');
        expect(res.body, url).toBe(shared.body);
      }
    }
  });

  it('keep their problems from every cache: they are in the caller language', async () => {
    const missing = await get(`/api/v1/books/${encodeURIComponent('No Such Book')}`, { 'accept-language': 'ar' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers.etag).toBeUndefined();
    const bad = await get('/api/v1/books?pageSize=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['cache-control']).toBe('no-store');
  });

  it('change at once on this instance when the catalogue changes: a new ETag and the new content', async () => {
    const urls = [
      '/api/v1/books?pageSize=20&genre=Classics',
      '/api/v1/search/books?keyword=zanzibar',
      '/api/v1/books/search-books?keyword=zanzibar',
    ];
    const before = await Promise.all(urls.map((url) => get(url)));
    // Cached now: the same ETag again.
    for (const [i, url] of urls.entries()) expect((await get(url)).headers.etag).toBe(before[i]!.headers.etag);
    await t.catalogue.createBook(testBook({ title: 'Classic 00 Zanzibar', genreNames: ['Classics'] }));
    for (const [i, url] of urls.entries()) {
      const after = await get(url, { 'if-none-match': String(before[i]!.headers.etag) });
      expect(after.statusCode, url).toBe(200);
      expect(after.headers.etag, url).not.toBe(before[i]!.headers.etag);
      expect(after.body, url).toContain('"title":"Classic 00 Zanzibar"');
      expect(before[i]!.body, url).not.toContain('Zanzibar');
    }
  });
});

describe('a book', () => {
  it('shows a stock change at once, with a new ETag', async () => {
    const url = `/api/v1/books/${encodeURIComponent('Emma')}`;
    const before = await get(url);
    expect(before.json<Book>().stockQuantity).toBe(3);
    expect((await get(url)).headers.etag).toBe(before.headers.etag);
    const staff = await createStaff(t, RoleName.Supervisor);
    const moved = await callAs(t, 'POST', `/api/v1/books/${emmaId}/stock-movements`, staff, {
      delta: 4,
      reason: 'received',
    });
    expect(moved.statusCode, moved.body).toBe(201);
    const after = await get(url, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json<Book>().stockQuantity).toBe(7);
  });
});

describe('an answer prepared through its schema', () => {
  it('is the bytes the route serializer would have sent', async () => {
    const res = await get(`/api/v1/books/${encodeURIComponent('Emma')}`);
    const book = JSON.parse(res.body) as Book;
    const page: BookPage = {
      data: [book],
      paginationDetails: { currentPage: 1, totalPages: 1, noOfRecords: 1, pageSize: 10 },
    };
    for (const [schema, value] of [
      [BookSchema, book],
      [BookPageSchema, page],
    ] as const) {
      // An extra field the schema does not name is dropped by both.
      const extra = { ...value, internal: 'not sent' };
      const serialize = serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' });
      const prepared = await prepareJson(schema, extra as never);
      expect(prepared.bodies.identity.toString()).toBe(serialize(extra));
    }
    expect(res.body).toBe(serializerCompiler({ schema: BookSchema, method: 'GET', url: '/', httpStatus: '200' })(book));
  });
});
