import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkMessages, SHORT_LINK_URL_MAX_LENGTH, type ShortLink } from '@bookshop/contracts/links';
import { buildApp } from '../../app.ts';
import { rows } from '../../platform/db.ts';
import { createTestApp, expectProblem, expectValidationError, uniqueIp, type TestApp } from '../../test/app.ts';

const SHOP = 'http://localhost:3000';
const INDEX_HTML = '<!doctype html><div id="root"></div>';

let t: TestApp;
beforeAll(async () => {
  // A stand-in storefront build, so unknown short links show the storefront's 404 page.
  const dist = await mkdtemp(path.join(os.tmpdir(), 'bookshop-dist-'));
  await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
  t = await createTestApp({ PUBLIC_URL: SHOP, WEB_DIST_DIR: dist });
});
afterAll(() => t.close());

/** Each call from its own address, so the per-IP limit only counts where a test means it to. */
const shorten = (originalUrl: unknown, ip = uniqueIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/link-shortner',
    headers: { 'x-forwarded-for': ip },
    payload: { originalUrl },
  });

async function shortLinkOf(originalUrl: string): Promise<ShortLink> {
  const res = await shorten(originalUrl);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ShortLink>();
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function countLinks(): Promise<number> {
  const [row] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from short_links`);
  return row!.n;
}

describe('POST v1/link-shortner', () => {
  it('answers a short id and the short URL on the shop, for a guest', async () => {
    const link = await shortLinkOf(`${SHOP}/books/Emma`);
    expect(link.id).toMatch(/^[A-Za-z0-9_-]{1,8}$/);
    expect(link.shortUrl).toBe(`${SHOP}/s/${link.id}`);
  });

  it('gives the same address the same id, whether absolute or from the root, encoded or not', async () => {
    const first = await shortLinkOf(`${SHOP}/books/Pride%20and%20Prejudice?x=1#reviews`);
    expect(await shortLinkOf('/books/Pride and Prejudice?x=1#reviews')).toEqual(first);
    expect(await shortLinkOf(`  ${SHOP.toUpperCase()}/books/Pride%20and%20Prejudice?x=1#reviews `)).toEqual(first);
    // A different query or fragment is a different page to share.
    expect((await shortLinkOf('/books/Pride and Prejudice?x=2#reviews')).id).not.toBe(first.id);
  });

  it('makes ids of at most 8 URL-safe characters that do not follow one another', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await shortLinkOf(`/books/Sequence ${i}`)).id);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,8}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Neither in creation order nor a counter: the next id cannot be worked out from the last.
    expect([...ids].sort()).not.toEqual(ids);
    const numbers = ids.map((id) => Buffer.from(id, 'base64url').readUIntBE(0, 6));
    const steps = numbers.slice(1).map((n, i) => Math.abs(n - numbers[i]!));
    expect(Math.min(...steps)).toBeGreaterThan(1000);
  });

  it.each([
    ['another host', 'https://evil.example/books/Emma'],
    ['another scheme', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['the shop on https instead of http', 'https://localhost:3000/books/Emma'],
    ['the shop on another port', 'http://localhost:3001/books/Emma'],
    ['a protocol-relative address', '//evil.example'],
    ['a protocol-relative address with a path', '//evil.example/books/Emma'],
    ['a look-alike host', 'http://localhost.evil.example/books/Emma'],
    ['the shop as credentials of another host', `${SHOP}@evil.example/`],
    ['credentials on the shop', 'http://user:pass@localhost:3000/books/Emma'],
    ['a backslash host', '/\\evil.example'],
    ['backslashes as slashes', '\\\\evil.example'],
    ['a backslash after the scheme', 'http:\\\\evil.example'],
    ['a tab hiding a second slash', '/\t/evil.example'],
    ['a double slash after the shop', `${SHOP}//evil.example`],
    ['a path not starting with /', 'books/Emma'],
    ['a bare host', 'localhost:3000/books/Emma'],
  ])('refuses %s with a 400 naming originalUrl', async (_case, originalUrl) => {
    expectValidationError(await shorten(originalUrl), 'originalUrl', LinkMessages.urlNotInShop);
  });

  it('refuses an overlong address, also one that only grows too long when percent-encoded', async () => {
    const long = `/books/${'a'.repeat(SHORT_LINK_URL_MAX_LENGTH)}`;
    expectValidationError(await shorten(long), 'originalUrl', LinkMessages.urlTooLong);
    // 1000 characters as sent, 9000 once encoded: past the index's entry limit if it were stored.
    expectValidationError(await shorten(`/books/${'€'.repeat(1000)}`), 'originalUrl', LinkMessages.urlTooLong);
  });

  it.each([
    ['missing', {}],
    ['empty', { originalUrl: '' }],
    ['blank', { originalUrl: '   ' }],
    ['not a string', { originalUrl: 42 }],
  ])('refuses an originalUrl that is %s', async (_case, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/link-shortner',
      headers: { 'x-forwarded-for': uniqueIp() },
      payload,
    });
    expectValidationError(res, 'originalUrl');
  });

  it('stores nothing when it refuses', async () => {
    const before = await countLinks();
    await shorten('https://evil.example/books/Nothing');
    await shorten(`/books/${'a'.repeat(SHORT_LINK_URL_MAX_LENGTH)}`);
    expect(await countLinks()).toBe(before);
  });

  it("limits one address to 30 a minute with the spec's 429", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 30; i++) expect((await shorten(`/books/Limited ${i}`, ip)).statusCode).toBe(200);
    const res = await shorten('/books/Limited 31', ip);
    expectProblem(res, 429, 'Too Many Request');
    expect(res.headers['retry-after']).toBeDefined();
    // Another address is not held back.
    expect((await shorten('/books/Limited 31')).statusCode).toBe(200);
  });
});

describe('GET v1/link-shortner/{id}', () => {
  it('answers the full address of the page', async () => {
    const { id } = await shortLinkOf('/books/Persuasion?page=2#top');
    const res = await get(`/api/v1/link-shortner/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ originalUrl: `${SHOP}/books/Persuasion?page=2#top` });
  });

  it('answers 404 for an unknown id', async () => {
    expectProblem(await get('/api/v1/link-shortner/zzzzzzzz'), 404, 'Not Found');
  });

  it.each(['toolong123', 'a.b', '<script>', 'é'])('answers 400 naming id for the malformed id %s', async (id) => {
    expectValidationError(await get(`/api/v1/link-shortner/${encodeURIComponent(id)}`), 'id', LinkMessages.idInvalid);
  });

  it.each(['%00', '%2e%2e', '..%2f..%2fhealth'])('answers the malformed id %s with a 4xx problem', async (id) => {
    const res = await get(`/api/v1/link-shortner/${id}`);
    expect([400, 404]).toContain(res.statusCode);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('keeps links working on a new PUBLIC_URL host: they lead to the same page there', async () => {
    const { id } = await shortLinkOf('/books/Emma?from=share');
    const moved = await buildApp({ config: { ...t.config, publicUrl: 'https://books.example' }, db: t.db });
    try {
      const res = await moved.inject({ method: 'GET', url: `/api/v1/link-shortner/${id}` });
      expect(res.json()).toEqual({ originalUrl: 'https://books.example/books/Emma?from=share' });
      const redirect = await moved.inject({ method: 'GET', url: `/s/${id}` });
      expect(redirect.headers.location).toBe('/books/Emma?from=share');
    } finally {
      await moved.close();
    }
  });
});

describe('GET /s/{id}', () => {
  it('answers a cacheable 301 to the page on the same origin, with the security headers', async () => {
    const { id } = await shortLinkOf('/books/Pride and Prejudice#reviews');
    const res = await get(`/s/${id}`);
    expect(res.statusCode).toBe(301);
    // A path: opened by 127.0.0.1 rather than PUBLIC_URL's localhost, the page opens there too (decision 070).
    expect(res.headers.location).toBe('/books/Pride%20and%20Prejudice#reviews');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

    const head = await t.app.inject({ method: 'HEAD', url: `/s/${id}` });
    expect(head.statusCode).toBe(301);
    expect(head.headers.location).toBe(res.headers.location);
  });

  it.each(['zzzzzzzz', 'toolong123', '%00', 'a.b'])(
    "answers the storefront's 404 page for the unknown or malformed id %s",
    async (id) => {
      const res = await get(`/s/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    },
  );

  it('never redirects off the shop, even to a path that looks like a host', async () => {
    const { id } = await shortLinkOf(`${SHOP}/%2F%2Fevil.example`);
    const res = await get(`/s/${id}`);
    expect(res.headers.location).toBe('/%2F%2Fevil.example');
    expect(new URL(res.headers.location as string, SHOP).origin).toBe(SHOP);
  });

  it('never follows a stored target that a browser would read as another host', async () => {
    const { id } = await shortLinkOf('/books/Emma');
    for (const tampered of ['//evil.example/', '/\\evil.example/', 'https://evil.example/']) {
      await t.db.execute(sql`update short_links set target_path = ${tampered} where id = ${id}`);
      const res = await get(`/s/${id}`);
      expect(res.statusCode, tampered).toBe(404);
      expect(res.headers.location).toBeUndefined();
    }
  });
});
