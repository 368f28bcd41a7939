import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testBook, type TestApp } from '../test/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 25; i++) await t.catalogue.createBook(testBook({ title: `Compressed Book ${i}` }));
});
afterAll(() => t.close());

const books = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/books?pageSize=25',
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('compressed API answers', () => {
  it('sends a large answer brotli-compressed to a client that accepts br', async () => {
    const plain = await books();
    const res = await books('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends gzip to a client that only takes gzip', async () => {
    const res = await books('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).data).toHaveLength(25);
  });

  it('sends the answer as it is without Accept-Encoding', async () => {
    const res = await books();
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json<{ data: unknown[] }>().data).toHaveLength(25);
  });

  it('does not compress small answers, where it would cost more than it saves', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/books/Compressed%20Book%200',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ title: string }>().title).toBe('Compressed Book 0');
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
