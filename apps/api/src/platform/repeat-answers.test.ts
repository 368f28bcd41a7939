import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceCatalogueChange } from '../modules/catalogue/invalidation.ts';
import { standInWebBuild } from '../test/stand-in-web-build.ts';
import { createCustomer, createTestApp, testBook, type TestAccount, type TestApp } from '../test/app.ts';
import { PRIVATE_NO_STORE, PUBLIC_SHARED } from './cache-control.ts';
import { REPEAT_MS } from './repeat-answers.ts';

/*
 * Public answers asked for again within a second are sent by the HTTP server before the
 * framework (repeat-answers.ts, decision 110). Only a real listening server has that path
 * (`inject` calls the framework directly), so these tests ask over HTTP, and count the requests
 * that reached the framework with a hook of their own.
 */

const RENDERER = `
import { Readable } from 'node:stream';
let api;
export const SSR_STATE_IDS = { router: 'ssr-router-state', query: 'ssr-query-state' };
export function configure(options) { api = options.api; }
export async function render(request) {
  const title = decodeURIComponent(new URL(request.url).pathname.split('/').pop());
  const book = await (await api('/api/v1/books/' + encodeURIComponent(title), { headers: { Accept: 'application/json' } })).json();
  return {
    kind: 'page', status: 200, htmlAttributes: { lang: 'en', dir: 'ltr' }, preload: '',
    head: '<title>' + book.title + '</title>',
    body: Readable.from(['<h1>', book.title + '|' + book.price, '</h1><p>', 'A page. '.repeat(200), '</p>']),
    routerState: '{"loaderData":{}}', queryState: '{}',
  };
}
`;

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

let t: TestApp;
let base: URL;
let customer: TestAccount;
let emmaId: number;
/** Requests that reached the framework, by URL. */
const framework = new Map<string, number>();
const reachedFramework = (url: string) => framework.get(url) ?? 0;

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: await standInWebBuild(RENDERER) });
  t.app.addHook('onRequest', (request, _reply, done) => {
    framework.set(request.url, reachedFramework(request.url) + 1);
    done();
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
  emmaId = await t.catalogue.createBook(testBook({ title: 'Emma', priceFils: 4000, stockQuantity: 5 }));
  customer = await createCustomer(t);
});
afterAll(() => t.close());

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, base), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const decoded = (answer: Answer) =>
  (answer.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(answer.body)
    : answer.headers['content-encoding'] === 'gzip'
      ? gunzipSync(answer.body)
      : answer.body
  ).toString('utf8');

/** Every header but those made anew for each answer. */
const lasting = ({ date: _date, 'x-request-id': _id, ...headers }: IncomingHttpHeaders) => headers;

const BOOKS = '/api/v1/books?pageNo=1&pageSize=10';
const BROTLI = { 'accept-encoding': 'br, gzip' };

describe('a public answer asked for again', () => {
  it('is the same answer with the same headers and its own request id, without the framework', async () => {
    for (const path of [BOOKS, '/books/Emma']) {
      const first = await get(path, BROTLI);
      const before = reachedFramework(path);
      const again = await get(path, BROTLI);
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(again.body.equals(first.body)).toBe(true);
      expect(lasting(again.headers)).toEqual(lasting(first.headers));
      expect(again.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(again.headers['cache-control']).toBe(PUBLIC_SHARED);
      expect(again.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      expect(reachedFramework(path), path).toBe(before);
    }
  });

  it('keeps the id a load balancer gave it', async () => {
    await get(BOOKS, BROTLI);
    const again = await get(BOOKS, { ...BROTLI, 'x-request-id': 'lb-1234' });
    expect(again.headers['x-request-id']).toBe('lb-1234');
  });

  it('comes in the encoding each client accepts', async () => {
    await get('/books/Emma', BROTLI);
    const gzip = await get('/books/Emma', { 'accept-encoding': 'gzip' });
    const plain = await get('/books/Emma');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decoded(gzip)).toBe(decoded(plain));
    expect(gzip.headers.etag).not.toBe(plain.headers.etag);
    expect(decoded(plain)).toContain('<h1>Emma|40</h1>');
  });

  it('is counted in the metrics under its route like any answer', async () => {
    const count = async () => {
      const metrics = (await t.app.inject('/metrics')).body;
      const line = metrics
        .split('\n')
        .find(
          (l) =>
            l.startsWith('http_requests_total{') &&
            l.includes('route="/api/v1/books"') &&
            l.includes('status_code="200"'),
        );
      return Number(line?.split(' ').pop() ?? 0);
    };
    await get(BOOKS, BROTLI);
    const before = await count();
    for (let i = 0; i < 3; i++) await get(BOOKS, BROTLI);
    expect(await count()).toBe(before + 3);
  });

  it('shows a catalogue change at once', async () => {
    expect(decoded(await get('/books/Emma', BROTLI))).toContain('Emma|40');
    expect(decoded(await get(`/api/v1/books/Emma`, BROTLI))).toContain('"price":40');
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update books set price_fils = 4500 where id = ${emmaId}`);
      await announceCatalogueChange(tx);
    });
    expect(decoded(await get('/books/Emma', BROTLI))).toContain('Emma|45');
    expect(decoded(await get(`/api/v1/books/Emma`, BROTLI))).toContain('"price":45');
  });

  it(`is sent by the framework again after ${REPEAT_MS} ms`, async () => {
    await get(BOOKS, BROTLI);
    const before = reachedFramework(BOOKS);
    await new Promise((resolve) => setTimeout(resolve, REPEAT_MS + 50));
    await get(BOOKS, BROTLI);
    expect(reachedFramework(BOOKS)).toBe(before + 1);
  });
});

describe('the framework still answers', () => {
  it('a request with credentials, privately', async () => {
    await get(BOOKS, BROTLI);
    const credentials: Record<string, string>[] = [
      { authorization: `Bearer ${customer.token}` },
      { cookie: 'bookshop_refresh=x' },
    ];
    for (const headers of credentials) {
      const before = reachedFramework(BOOKS);
      const res = await get(BOOKS, { ...BROTLI, ...headers });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe(PRIVATE_NO_STORE);
      expect(reachedFramework(BOOKS)).toBe(before + 1);
    }
  });

  it('a revalidation, with 304', async () => {
    const first = await get(BOOKS, BROTLI);
    const res = await get(BOOKS, { ...BROTLI, 'if-none-match': first.headers.etag! });
    expect(res.status).toBe(304);
    expect(res.body.length).toBe(0);
  });

  it('HEAD, and any other method', async () => {
    await get(BOOKS, BROTLI);
    const head = await get(BOOKS, BROTLI, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const post = await get(BOOKS, BROTLI, 'POST');
    expect(post.status).not.toBe(200);
  });

  it('a URL spelt differently, and one never asked for', async () => {
    await get(BOOKS, BROTLI);
    const before = reachedFramework('/api/v1/books?pageSize=10&pageNo=1');
    const other = await get('/api/v1/books?pageSize=10&pageNo=1', BROTLI);
    expect(other.status).toBe(200);
    expect(reachedFramework('/api/v1/books?pageSize=10&pageNo=1')).toBe(before + 1);
    expect((await get('/books/Nobody%20Wrote%20This', BROTLI)).status).toBe(404);
  });

  it('while the instance drains: the answer tells the client to reconnect elsewhere', async () => {
    await get(BOOKS, BROTLI);
    t.app.startDraining();
    const res = await get(BOOKS, BROTLI);
    expect(res.status).toBe(200);
    expect(res.headers.connection).toBe('close');
  });
});
