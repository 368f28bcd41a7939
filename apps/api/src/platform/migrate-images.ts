import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import { rows, type Database } from './db.ts';
import { hasImageFile, putImageFile, s3Client } from './s3-storage.ts';
import { IMAGES_URL_PREFIX } from './storage.ts';

export type MigrateImagesResult = { copied: number; skipped: number; avatarUrls: number };

/** Every file under `root`, as paths relative to it with `/` separators. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.webp'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/**
 * Copies the disk store's files (`DATA_DIR/uploads`) into the bucket under the same names,
 * skipping names the bucket already holds, so it can run again after a failure. Book images are
 * stored as keys and need nothing more; avatars are stored as URLs (accounts.image_url), so
 * those still pointing at /images/ are rewritten to the bucket's public URL.
 */
export async function migrateImages(
  { dataDir, s3 }: Pick<Config, 'dataDir' | 's3'>,
  db: Database,
  log: (line: string) => void = console.info,
): Promise<MigrateImagesResult> {
  if (!s3) throw new Error('S3_BUCKET and S3_PUBLIC_URL must be set: they name the bucket to copy the images into.');
  const client = s3Client(s3);
  const root = path.join(dataDir, 'uploads');
  const names = await filesUnder(root);
  log(`Copying ${names.length} image files from ${root} into bucket ${s3.bucket}`);
  let copied = 0;
  let skipped = 0;
  for (const name of names) {
    if (await hasImageFile(client, s3.bucket, name)) {
      skipped += 1;
      continue;
    }
    await putImageFile(client, s3.bucket, name, await readFile(path.join(root, name)));
    copied += 1;
  }
  const rewritten = await rows<{ id: number }>(
    db,
    sql`
    update accounts
       set image_url = ${`${s3.publicUrl}/`} || substr(image_url, ${IMAGES_URL_PREFIX.length + 1})
     where image_url like ${`${IMAGES_URL_PREFIX}%`}
    returning id`,
  );
  const avatarUrls = rewritten.length;
  log(`Copied ${copied}, skipped ${skipped} already in the bucket; ${avatarUrls} avatar URLs now point at the bucket`);
  return { copied, skipped, avatarUrls };
}
