import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namesThisContent, prepareAnswerLazily, sendPrepared, type PreparedAnswer } from './prepared-answer.ts';

const large = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Book ${i}` })) });
const CACHE = 'public, max-age=0, s-maxage=60';

describe('prepared answers', () => {
  const app = Fastify();
  let answer: PreparedAnswer;
  let small: PreparedAnswer;

  beforeAll(async () => {
    answer = prepareAnswerLazily(large, 'application/json; charset=utf-8');
    small = prepareAnswerLazily('{"ok":true}', 'application/json; charset=utf-8');
    // As in app.ts: compression for every other answer must not touch a prepared one again.
    await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
    app.get('/large', (request, reply) =>
      sendPrepared(request, reply, answer, { cacheControl: CACHE, vary: ['Accept-Language'] }),
    );
    app.get('/small', (request, reply) => sendPrepared(request, reply, small, { cacheControl: CACHE }));
    app.get('/missing', (request, reply) => sendPrepared(request, reply.code(404), answer, { cacheControl: CACHE }));
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('sends brotli to a client that accepts it, gzip to one that accepts only gzip, plain to the rest', async () => {
    const br = await get('/large', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(large);

    const gz = await get('/large', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(large);

    const plain = await get('/large');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(large);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('follows q values: gzip preferred over brotli, brotli refused, anything via *', async () => {
    expect((await get('/large', { 'accept-encoding': 'br;q=0.5, gzip' })).headers['content-encoding']).toBe('gzip');
    expect(
      (await get('/large', { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding'],
    ).toBeUndefined();
    expect((await get('/large', { 'accept-encoding': '*' })).headers['content-encoding']).toBe('br');
  });

  it('names each encoding with its own strong ETag, and varies on the encoding and what else the caller says', async () => {
    const br = await get('/large', { 'accept-encoding': 'br' });
    const gz = await get('/large', { 'accept-encoding': 'gzip' });
    const plain = await get('/large');
    const etags = [br, gz, plain].map((res) => res.headers.etag);
    expect(new Set(etags).size).toBe(3);
    for (const etag of etags) expect(etag).toMatch(/^"[^"]+"$/);
    expect(br.headers.vary).toBe('Accept-Encoding, Accept-Language');
    expect(br.headers['cache-control']).toBe(CACHE);
  });

  it('answers 304 with no body when If-None-Match names the content in any encoding', async () => {
    const first = await get('/large', { 'accept-encoding': 'br' });
    const again = await get('/large', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    // A CDN that stored the gzip copy revalidates for a brotli client, or with a weak tag.
    const weak = await get('/large', { 'accept-encoding': 'gzip', 'if-none-match': `"x", W/${first.headers.etag}` });
    expect(weak.statusCode).toBe(304);
    expect((await get('/large', { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('sends a failure whole, whatever If-None-Match says', async () => {
    const res = await get('/missing', { 'if-none-match': '*' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(large);
  });

  it('leaves small answers uncompressed', async () => {
    const res = await get('/small', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ ok: true });
  });

  it('tells content apart by its hash', () => {
    const other = prepareAnswerLazily(large + ' ', 'application/json');
    expect(namesThisContent(`"${answer.hash}-br"`, answer)).toBe(true);
    expect(namesThisContent(`"${answer.hash}-br"`, other)).toBe(false);
    expect(namesThisContent(undefined, answer)).toBe(false);
  });
});
