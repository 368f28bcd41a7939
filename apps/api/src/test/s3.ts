import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** A local S3-compatible server (s3rver) with one empty bucket, for tests through the real SDK. */
export type TestS3 = {
  bucket: string;
  endpoint: string;
  /** The S3_* settings that point the app at it; public URLs are the server's own object URLs. */
  env: Record<string, string>;
  close(): Promise<void>;
};

export async function startTestS3(bucket = 'bookshop-images'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'bookshop-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_PUBLIC_URL: `${endpoint}/${bucket}`,
      S3_REGION: 'us-east-1',
      // s3rver's fixed keys.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
