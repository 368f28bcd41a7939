import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bombPng } from '../test/png.ts';
import { createDiskImageStore, type DiskImageStore } from './storage.ts';

let dataDir: string;
let images: DiskImageStore;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bookshop-images-'));
  images = createDiskImageStore(dataDir);
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('the disk image store', () => {
  it('refuses to decode a source declaring more than 40 megapixels', async () => {
    await expect(images.putImage('covers/bomb', await bombPng(8_000, 6_000))).rejects.toThrow(/pixel limit/);
  });

  it('stores a picture within the limit at every width', async () => {
    const key = await images.putImage('covers/fine', await bombPng(6_000, 6_000));
    const stored = await sharp(path.join(images.servedDirectory, `${key}-200.webp`)).metadata();
    expect(stored.width).toBe(200);
  });
});
