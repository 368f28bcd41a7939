import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createCustomer, type TestApp } from '../test/app.ts';
import { startTestS3, type TestS3 } from '../test/s3.ts';
import { loadConfig } from './config.ts';
import { rows } from './db.ts';
import { migrateImages } from './migrate-images.ts';
import { createDiskImageStore } from './storage.ts';

let t: TestApp;
let s3: TestS3;
beforeAll(async () => {
  [t, s3] = await Promise.all([createTestApp(), startTestS3()]);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('npm run migrate-images', () => {
  it('refuses to run without the bucket settings, with a line naming them', async () => {
    await expect(migrateImages({ dataDir: t.config.dataDir, s3: undefined }, t.db)).rejects.toThrow(
      /S3_BUCKET and S3_PUBLIC_URL must be set/,
    );
  });

  it('copies every disk image into the bucket once, and points stored avatar URLs at it', async () => {
    const disk = createDiskImageStore(t.config.dataDir);
    const source = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const cover = await disk.putImage('books/migrated', source);
    const avatar = await disk.putImage('avatars/1/avatar', source);
    const customer = await createCustomer(t);
    await t.db.execute(sql`update accounts set image_url = ${disk.url(avatar)} where id = ${customer.id}`);
    const s3Config = loadConfig({ ...s3.env, DATA_DIR: t.config.dataDir, JWT_SECRET: 'x'.repeat(32) });
    const lines: string[] = [];

    const first = await migrateImages(s3Config, t.db, (line) => lines.push(line));
    expect(first).toEqual({ copied: 6, skipped: 0, avatarUrls: 1 });
    expect(lines.at(-1)).toMatch(/Copied 6, skipped 0/);
    const coverRes = await fetch(`${s3.env.S3_PUBLIC_URL}/${cover}-400.webp`);
    expect(coverRes.status).toBe(200);
    expect(coverRes.headers.get('content-type')).toBe('image/webp');
    const [row] = await rows<{ image_url: string }>(
      t.db,
      sql`select image_url from accounts where id = ${customer.id}`,
    );
    expect(row!.image_url).toBe(`${s3.env.S3_PUBLIC_URL}/${avatar}-400.webp`);
    expect((await fetch(row!.image_url)).status).toBe(200);

    expect(await migrateImages(s3Config, t.db, () => {})).toEqual({ copied: 0, skipped: 6, avatarUrls: 0 });
  });
});
