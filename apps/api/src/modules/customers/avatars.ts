import { rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AccountMessages, AVATAR_SIZE_PX } from '@bookshop/contracts/account';
import { IMAGE_MAX_INPUT_PIXELS, IMAGE_WIDTHS } from '@bookshop/contracts/constants';
import { HttpProblem } from '../../platform/errors.ts';
import { IMAGES_URL_PREFIX, type ImageStore } from '../../platform/storage.ts';

/** Spec section 5: png, jpeg (jpg), gif, webp, told apart by content, never by name or declared type. */
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'gif', 'webp']);

const notAnImage = () =>
  new HttpProblem(400, 'Validation Failed', AccountMessages.imageType, { image: [AccountMessages.imageType] });
const tooManyPixels = () =>
  new HttpProblem(400, 'Validation Failed', AccountMessages.imageTooManyPixels, {
    image: [AccountMessages.imageTooManyPixels],
  });

export type AvatarStore = ReturnType<typeof createAvatarStore>;

/**
 * Customer avatars in the image store, one folder per account (`avatars/<accountId>/`), so
 * deleting an account removes every avatar it ever stored. Removal knows the disk store's file
 * names (`<key>-<width>.webp` under `images.root`); an S3 store needs a delete of its own.
 */
export function createAvatarStore(images: ImageStore) {
  const folder = (accountId: number) => `avatars/${accountId}`;
  const ownUrl = (accountId: number) =>
    new RegExp(`^${IMAGES_URL_PREFIX}(${folder(accountId)}/avatar-[0-9a-f]+)-\\d+\\.webp$`);

  return {
    /**
     * Checks that `source` really is an accepted picture, turns it upright, crops it to a
     * square (dropping its metadata, such as a photo's location) and stores it. Returns its URL.
     */
    async put(accountId: number, source: Buffer): Promise<string> {
      let square: Buffer;
      try {
        // metadata() reads only the header (so no pixel limit is needed there): a picture
        // declaring too many pixels is refused by name before anything decodes it.
        const { format, width = 0, height = 0 } = await sharp(source, { limitInputPixels: false }).metadata();
        if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();
        if (width * height > IMAGE_MAX_INPUT_PIXELS) throw tooManyPixels();
        square = await sharp(source, { failOn: 'error', limitInputPixels: IMAGE_MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX, fit: 'cover' })
          .png({ compressionLevel: 1 })
          .toBuffer();
      } catch (error) {
        // sharp cannot read it (a text file, a truncated picture): the customer's fault, not ours.
        if (error instanceof HttpProblem) throw error;
        throw notAnImage();
      }
      return images.url(await images.putImage(`${folder(accountId)}/avatar`, square));
    },

    /** Deletes the files behind an avatar URL this store made; other URLs (a Google picture) are left alone. */
    async remove(accountId: number, url: string | null): Promise<void> {
      const key = url ? ownUrl(accountId).exec(url)?.[1] : undefined;
      if (!key) return;
      await Promise.all(
        IMAGE_WIDTHS.map((width) => rm(path.join(images.root, `${key}-${width}.webp`), { force: true })),
      );
    },

    /** Deletes every avatar the account ever stored. */
    async removeAll(accountId: number): Promise<void> {
      await rm(path.join(images.root, folder(accountId)), { recursive: true, force: true });
    },
  };
}
