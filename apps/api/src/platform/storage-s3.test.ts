import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '@bookshop/contracts/constants';
import { startTestS3, type TestS3 } from '../test/s3.ts';
import { loadConfig } from './config.ts';
import { createS3ImageStore } from './s3-storage.ts';
import type { ImageStore } from './storage.ts';

let s3: TestS3;
let images: ImageStore;
beforeAll(async () => {
  s3 = await startTestS3();
  images = createS3ImageStore(loadConfig({ ...s3.env, JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp' }).s3!);
});
afterAll(() => s3?.close());

const picture = (background: string) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background } })
    .png()
    .toBuffer();

describe('the S3 image store, through the SDK against a local S3 server', () => {
  it('stores every width under the key and serves it from S3_PUBLIC_URL with the caching headers', async () => {
    const key = await images.putImage('books/dune', await picture('#123456'));
    expect(key).toMatch(/^books\/dune-[0-9a-f]{12}$/);
    for (const width of IMAGE_WIDTHS) {
      const url = images.url(key, width);
      expect(url).toBe(`${s3.env.S3_PUBLIC_URL}/${key}-${width}.webp`);
      expect(images.keyOf(url)).toBe(key);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const stored = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(stored).toMatchObject({ format: 'webp', width });
    }
  });

  it('reads back no key from a foreign URL', () => {
    expect(images.keyOf('https://lh3.googleusercontent.com/a/photo.webp')).toBeNull();
    expect(images.keyOf(`${s3.env.S3_PUBLIC_URL}/books/dune-0123456789ab-123.webp`)).toBeNull();
    expect(images.keyOf('/images/books/dune-0123456789ab-400.webp')).toBeNull();
  });

  it('removes one image at every width', async () => {
    const key = await images.putImage('books/gone', await picture('#abcdef'));
    await images.remove(key);
    for (const width of IMAGE_WIDTHS) expect((await fetch(images.url(key, width))).status).toBe(404);
  });

  it('removes a whole folder (listed by prefix), and nothing outside it (avatars/70 beside avatars/7)', async () => {
    const kept = await images.putImage('avatars/70/avatar', await picture('#000000'));
    const keys = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => images.putImage('avatars/7/avatar', await picture(`#0000${i}0`))),
    );
    await images.removeFolder('avatars/7');
    for (const key of keys) expect((await fetch(images.url(key))).status).toBe(404);
    expect((await fetch(images.url(kept))).status).toBe(200);
  });
});
