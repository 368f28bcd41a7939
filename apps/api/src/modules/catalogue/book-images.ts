import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { BOOK_IMAGES_FIELD, BookAdminMessages } from '@bookshop/contracts/book-admin';
import { checkUploadedImage } from '../../platform/images.ts';
import type { ImageStore } from '../../platform/storage.ts';
import { fieldError } from './book-form.ts';

/** Where a book's image files are kept, and where a file left behind is reported. */
export type BookImageDeps = { images: ImageStore; log?: Pick<FastifyBaseLogger, 'warn'> };

const imageMessages = { type: BookAdminMessages.imageType, tooManyPixels: BookAdminMessages.imageTooManyPixels };

/** Storage clean-up never fails a request: a file left behind is logged, not shown to staff. */
export const removeStored = ({ images, log }: BookImageDeps, keys: string[]) =>
  Promise.all(
    keys.map((key) =>
      images.remove(key).catch((error: unknown) => log?.warn({ err: error, key }, 'catalogue: image not removed')),
    ),
  );

/** Every file is checked by content and size before any is stored: a refused upload stores nothing. */
export async function checkFiles(files: Buffer[]) {
  for (const file of files) await checkUploadedImage(file, BOOK_IMAGES_FIELD, imageMessages);
}

/** The stored keys of `keepImageUrls` (any stored width), in their order; 400 for a URL the book does not have. */
export function keptKeys({ images }: BookImageDeps, current: string[], keepImageUrls: string[]): string[] {
  const kept = keepImageUrls.map((url) => images.keyOf(url));
  if (kept.some((key) => key === null || !current.includes(key)) || new Set(kept).size !== kept.length)
    throw fieldError('keepImageUrls', BookAdminMessages.keepImageUrls);
  return kept as string[];
}

/** Stores already checked image files under a fresh folder; removes them all if one fails. */
export async function storeFiles(deps: BookImageDeps, files: Buffer[]): Promise<string[]> {
  const folder = `books/${randomBytes(8).toString('hex')}/image`;
  const settled = await Promise.allSettled(files.map((file) => deps.images.putImage(folder, file)));
  const stored = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await removeStored(deps, stored);
    throw failed.reason;
  }
  return stored;
}
