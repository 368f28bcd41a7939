import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS } from '@bookshop/contracts/constants';
import type { Config } from './config.ts';
import { webpWidths } from './images.ts';

/**
 * Where pictures live (docs/decisions/031-image-storage.md). Each is stored once per width in
 * IMAGE_WIDTHS as `<key>-<width>.webp`; a key is a folder path plus a content hash
 * (`books/dune-0123456789ab`), so a stored file never changes and can be cached forever. Only
 * the store knows where the files are: callers keep keys (or the URLs `url` makes and `keyOf`
 * reads back) and delete through `remove` / `removeFolder`.
 */
export type ImageStore = {
  /** Resizes the source to every width and stores the results under `<keyPrefix>-<hash>`; returns the key. */
  putImage(keyPrefix: string, source: Buffer): Promise<string>;
  url(key: string, width?: number): string;
  /** The key behind a URL this store made, at any stored width; null for any other URL (a Google picture). */
  keyOf(url: string): string | null;
  /** Deletes every width of one image; a key that is not stored is no error. */
  remove(key: string): Promise<void>;
  /** Deletes every image under a folder (`avatars/12`), however many there are. */
  removeFolder(folder: string): Promise<void>;
};

/** The path under which the disk store's folder is served (app.ts serves it only for that store). */
export const IMAGES_URL_PREFIX = '/images/';

/** Folder names and keys: letters, digits, `_` and `-` between slashes; never `..`, never absolute. */
const KEY_PATTERN = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;

export function assertImageKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`Not an image key: ${JSON.stringify(key)}`);
  return key;
}

/** `<keyPrefix>-<first 12 hex digits of the source's SHA-256>`: the same picture gets the same key. */
export function contentKey(keyPrefix: string, source: Buffer): string {
  return assertImageKey(`${keyPrefix}-${createHash('sha256').update(source).digest('hex').slice(0, 12)}`);
}

export const imageFileName = (key: string, width: number) => `${key}-${width}.webp`;

/** `url` and `keyOf` for a store whose files are served under `base` (a path or an origin with a path). */
export function imageUrls(base: string): Pick<ImageStore, 'url' | 'keyOf'> {
  const widths = new Set<number>(IMAGE_WIDTHS);
  return {
    url: (key, width = DEFAULT_IMAGE_WIDTH) => `${base}${imageFileName(key, width)}`,
    keyOf(url) {
      if (!url.startsWith(base)) return null;
      const match = /^(.+)-(\d+)\.webp$/.exec(url.slice(base.length));
      if (!match || !widths.has(Number(match[2])) || !KEY_PATTERN.test(match[1]!)) return null;
      return match[1]!;
    },
  };
}

/**
 * The store the configuration asks for. `servedDirectory` is set for the disk store only: the
 * folder this server must serve at IMAGES_URL_PREFIX.
 */
export async function createImageStore(
  config: Pick<Config, 'dataDir' | 's3'>,
): Promise<ImageStore & { servedDirectory?: string }> {
  if (!config.s3) return createDiskImageStore(config.dataDir);
  // The AWS SDK loads only where images go to S3, not with every start of a shop that keeps them on disk.
  const { createS3ImageStore } = await import('./s3-storage.ts');
  return createS3ImageStore(config.s3);
}

/** The disk store, plus the folder it keeps its files in (served at IMAGES_URL_PREFIX by app.ts). */
export type DiskImageStore = ImageStore & { servedDirectory: string };

/** Images under `<dataDir>/uploads`, served by this server at /images/. */
export function createDiskImageStore(dataDir: string): DiskImageStore {
  const root = path.join(dataDir, 'uploads');
  mkdirSync(root, { recursive: true });
  const fileOf = (key: string, width: number) => path.join(root, imageFileName(assertImageKey(key), width));
  return {
    servedDirectory: root,
    ...imageUrls(IMAGES_URL_PREFIX),
    async putImage(keyPrefix, source) {
      const key = contentKey(keyPrefix, source);
      const files = await webpWidths(source, IMAGE_WIDTHS);
      await mkdir(path.dirname(fileOf(key, DEFAULT_IMAGE_WIDTH)), { recursive: true });
      await Promise.all(files.map(({ width, data }) => writeFile(fileOf(key, width), data)));
      return key;
    },
    async remove(key) {
      await Promise.all(IMAGE_WIDTHS.map((width) => rm(fileOf(key, width), { force: true })));
    },
    async removeFolder(folder) {
      await rm(path.join(root, assertImageKey(folder)), { recursive: true, force: true });
    },
  };
}
