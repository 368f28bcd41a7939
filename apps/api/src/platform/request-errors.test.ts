import { mkdtemp, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectProblem, testBook, uniqueIp, type TestApp } from '../test/app.ts';
import { RequestMessages } from './errors.ts';

/**
 * Requests Fastify or Node refuse before any route runs (issue 7): each answer is
 * application/problem+json with a fixed detail, and quotes nothing of what was sent.
 */

const MARKER = '<script>alert(1)</script>';

let t: TestApp;
let baseUrl: URL;

beforeAll(async () => {
  // A built storefront, so page paths go through the static files and the page fallback too.
  const distDir = await mkdtemp(path.join(os.tmpdir(), 'bookshop-web-'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Bookshop</title>');
  t = await createTestApp({ WEB_DIST_DIR: distDir });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as net.AddressInfo;
  baseUrl = new URL(`http://127.0.0.1:${address.port}`);
});
afterAll(() => t.close());

/** A problem with `detail`, quoting none of `sent`. */
function expectFixedProblem(res: LightMyRequestResponse, status: number, detail: string, ...sent: string[]) {
  expectProblem(res, status);
  expect(res.json<{ detail: string }>().detail).toBe(detail);
  for (const text of [MARKER, ...sent]) expect(res.body).not.toContain(text);
}

const inject = (options: InjectOptions) =>
  t.app.inject({ ...options, headers: { 'x-forwarded-for': uniqueIp(), ...options.headers } });

describe('answered by Fastify, as problem+json with a fixed detail', () => {
  it.each(['/api/v1/books/%E0%A4%A', '/books/%E0%A4%A', '/%', `/api/v1/books/%C0%AF${encodeURIComponent(MARKER)}`])(
    'a bad percent-encoding in the path is a 400 (%s)',
    async (url) => {
      expectFixedProblem(await inject({ method: 'GET', url }), 400, RequestMessages.badUrl, '%E0%A4%A', '%C0');
    },
  );

  it('a path parameter beyond any title is a 414; a 300-character title is found', async () => {
    const url = `/api/v1/customers/confirm-email/${'a'.repeat(5_000)}`;
    expectFixedProblem(await inject({ method: 'POST', url }), 414, RequestMessages.urlTooLong, 'aaaaaaaa');
    const title = 'كتاب '.repeat(60).trim();
    await t.catalogue.createBook(testBook({ title }));
    const res = await inject({ method: 'GET', url: `/api/v1/books/${encodeURIComponent(title)}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ title: string }>().title).toBe(title);
  });

  it('a body over the limit is a 413', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/v1/customers/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ emailAddress: MARKER, password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectFixedProblem(res, 413, RequestMessages.bodyTooLarge);
  });

  it('an unsupported content type is a 415 that does not quote it', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/v1/customers/login',
      headers: { 'content-type': `text/${MARKER}` },
      payload: 'hello',
    });
    expectFixedProblem(res, 415, RequestMessages.unsupportedMediaType, 'text/');
  });

  it.each([
    ['not JSON', `{"emailAddress": "${MARKER}`, RequestMessages.invalidJson],
    ['JSON with a forbidden prototype key', `{"__proto__": {"x": "${MARKER}"}}`, RequestMessages.invalidJson],
    [
      'JSON with a constructor prototype',
      `{"constructor": {"prototype": {"x": "${MARKER}"}}}`,
      RequestMessages.invalidJson,
    ],
    ['empty', '', RequestMessages.emptyJson],
  ])('a JSON body that is %s is a 400', async (_, payload, detail) => {
    const res = await inject({
      method: 'POST',
      url: '/api/v1/customers/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expectFixedProblem(res, 400, detail, 'emailAddress', 'Unexpected', 'JSON at position');
  });

  it('an unknown address is a 404 that does not quote its path', async () => {
    expectFixedProblem(
      await inject({ method: 'GET', url: `/api/${encodeURIComponent(MARKER)}` }),
      404,
      RequestMessages.notFound,
      'script',
    );
    expectFixedProblem(
      await inject({ method: 'POST', url: '/no-such-page' }),
      404,
      RequestMessages.notFound,
      'no-such-page',
    );
  });

  it('a file the build does not hold, NUL in its name or not, is a 404 problem, not a page', async () => {
    expectFixedProblem(
      await inject({ method: 'GET', url: '/assets/a%00b.js' }),
      404,
      RequestMessages.notFound,
      'a%00b',
    );
    expectFixedProblem(
      await inject({ method: 'GET', url: '/assets/gone-1a2b.js' }),
      404,
      RequestMessages.notFound,
      'gone-1a2b',
    );
  });
});

/** Sends raw bytes to the listening server and returns what came back until it closed. */
function rawRequest(bytes: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(baseUrl.port), baseUrl.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head.toLowerCase(), body });
    });
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer within 5 s')));
    socket.end(bytes);
  });
}

function expectRawProblem(res: Awaited<ReturnType<typeof rawRequest>>, status: number) {
  expect(res.status, res.headers).toBe(status);
  expect(res.headers).toMatch(/^content-type: application\/problem\+json/m);
  const problem = JSON.parse(res.body) as { status: number; title: string; detail: string };
  expect(problem).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
  expect(res.body).not.toContain('script');
  expect(res.body).not.toContain('aaaa');
}

describe("answered by Node's HTTP parser, on a real socket, as problem+json", () => {
  it('headers over 16 KB are a 431', async () => {
    const res = await rawRequest(
      `GET /api/v1/config HTTP/1.1\r\nHost: localhost\r\nX-Big: ${MARKER}${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectRawProblem(res, 431);
  });

  it('an address over 16 KB is a 431', async () => {
    const res = await rawRequest(`GET /api/v1/books?genre=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expectRawProblem(res, 431);
  });

  it('a request that is not HTTP is a 400', async () => {
    expectRawProblem(await rawRequest(`${MARKER}\r\n\r\n`), 400);
  });

  it('a Content-Length that is not a number is a 400', async () => {
    const res = await rawRequest(
      'POST /api/v1/customers/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
    );
    expectRawProblem(res, 400);
  });

  it('still answers the next request normally', async () => {
    const res = await fetch(new URL('/api/v1/config', baseUrl));
    expect(res.status).toBe(200);
  });
});
