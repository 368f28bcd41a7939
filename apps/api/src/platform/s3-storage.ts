import {
  DeleteObjectsCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { IMAGE_WIDTHS } from '@bookshop/contracts/constants';
import type { Config } from './config.ts';
import { webpWidths } from './images.ts';
import { assertImageKey, contentKey, imageFileName, imageUrls, type ImageStore } from './storage.ts';

/*
 * The image store in an S3 bucket (decision 031), and the bucket calls `migrate-images` makes.
 * Apart from storage.ts so that the AWS SDK loads only where images go to S3.
 */

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
