import { mkdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { DEFAULT_IMAGE_WIDTH, IMAGE_MAX_INPUT_PIXELS, IMAGE_WIDTHS } from '@bookshop/contracts/constants';

/**
 * Images are stored once per width in IMAGE_WIDTHS as `<key>-<width>.webp` and served from
 * /images/. Keys carry a content hash, so a stored file never changes and can be cached forever.
 */
export type ImageStore = {
  /** Resizes the source to every width and stores the results; returns the key. */
  putImage(keyPrefix: string, source: Buffer): Promise<string>;
  url(key: string, width?: number): string;
  /** Directory served at /images/ (disk storage). */
  root: string;
};

export const IMAGES_URL_PREFIX = '/images/';

export function createDiskImageStore(dataDir: string): ImageStore {
  const root = path.join(dataDir, 'uploads');
  mkdirSync(root, { recursive: true });
  return {
    root,
    async putImage(keyPrefix, source) {
      const { createHash } = await import('node:crypto');
      const key = `${keyPrefix}-${createHash('sha256').update(source).digest('hex').slice(0, 12)}`;
      await mkdir(path.dirname(path.join(root, key)), { recursive: true });
      await Promise.all(
        IMAGE_WIDTHS.map(async (width) => {
          // Sources are uploads: refuse a decompression bomb from its header, before decoding it.
          const webp = await sharp(source, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS })
            .resize({ width, withoutEnlargement: false })
            .webp({ quality: 80, effort: 2 })
            .toBuffer();
          await writeFile(path.join(root, `${key}-${width}.webp`), webp);
        }),
      );
      return key;
    },
    url: (key, width = DEFAULT_IMAGE_WIDTH) => `${IMAGES_URL_PREFIX}${key}-${width}.webp`,
  };
}
