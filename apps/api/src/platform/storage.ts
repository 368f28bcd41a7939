import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS } from '@bookshop/contracts/constants';
import {
  DeleteObjectsCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
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
export function createImageStore(config: Pick<Config, 'dataDir' | 's3'>): ImageStore & { servedDirectory?: string } {
  return config.s3 ? createS3ImageStore(config.s3) : createDiskImageStore(config.dataDir);
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

export type S3Settings = NonNullable<Config['s3']>;

/** Most keys one DeleteObjects call takes (an S3 limit). */
const DELETE_BATCH = 1000;

export function s3Client(s3: S3Settings): S3Client {
  return new S3Client({
    region: s3.region,
    // A self-hosted S3-compatible server (MinIO, a test server) addresses buckets by path.
    ...(s3.endpoint && { endpoint: s3.endpoint, forcePathStyle: true }),
    // Without keys the SDK's default chain applies (environment, shared files, instance role).
    ...(s3.accessKeyId &&
      s3.secretAccessKey && { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }),
  });
}

/** Puts one stored file (a `<key>-<width>.webp`) into the bucket, with the headers a CDN keeps. */
export function putImageFile(client: S3Client, bucket: string, name: string, data: Buffer) {
  return client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: name,
      Body: data,
      ContentType: 'image/webp',
      CacheControl: 'public, max-age=31536000, immutable',
    }),
  );
}

/** Whether the bucket holds a file of that name (migrate-images skips those). */
export async function hasImageFile(client: S3Client, bucket: string, name: string): Promise<boolean> {
  try {
    await client.send(new HeadObjectCommand({ Bucket: bucket, Key: name }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw error;
  }
}

/** Images in an S3 bucket under the same keys as on disk, served from `publicUrl` (a CDN or the bucket). */
export function createS3ImageStore(s3: S3Settings): ImageStore {
  const client = s3Client(s3);
  const deleteNames = async (names: string[]) => {
    for (let start = 0; start < names.length; start += DELETE_BATCH) {
      const batch = names.slice(start, start + DELETE_BATCH);
      await client.send(
        new DeleteObjectsCommand({
          Bucket: s3.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  };
  return {
    ...imageUrls(`${s3.publicUrl}/`),
    async putImage(keyPrefix, source) {
      const key = contentKey(keyPrefix, source);
      const files = await webpWidths(source, IMAGE_WIDTHS);
      await Promise.all(
        files.map(({ width, data }) => putImageFile(client, s3.bucket, imageFileName(key, width), data)),
      );
      return key;
    },
    async remove(key) {
      await deleteNames(IMAGE_WIDTHS.map((width) => imageFileName(assertImageKey(key), width)));
    },
    async removeFolder(folder) {
      const prefix = `${assertImageKey(folder)}/`;
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix, ContinuationToken: continuationToken }),
        );
        const names = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
        if (names.length > 0) await deleteNames(names);
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
  };
}
