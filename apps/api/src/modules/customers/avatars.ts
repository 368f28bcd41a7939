import { AccountMessages, AVATAR_SIZE_PX, PROFILE_IMAGE_FIELD } from '@bookshop/contracts/account';
import { checkUploadedImage, squareImage } from '../../platform/images.ts';
import type { ImageStore } from '../../platform/storage.ts';

export type AvatarStore = ReturnType<typeof createAvatarStore>;

const avatarMessages = { type: AccountMessages.imageType, tooManyPixels: AccountMessages.imageTooManyPixels };

/**
 * Account avatars (customers' and staff members') in the image store, one folder per account
 * (`avatars/<accountId>/`), so deleting an account removes every avatar it ever stored.
 * Accounts keep the avatar's URL (accounts.image_url), which may also be a Google picture.
 */
export function createAvatarStore(images: ImageStore) {
  const folder = (accountId: number) => `avatars/${accountId}`;

  return {
    /**
     * Checks that `source` really is an accepted picture (400 naming `image` otherwise), turns
     * it upright, crops it to a square without its metadata and stores it. Returns its URL.
     */
    async put(accountId: number, source: Buffer): Promise<string> {
      await checkUploadedImage(source, PROFILE_IMAGE_FIELD, avatarMessages);
      const square = await squareImage(source, AVATAR_SIZE_PX);
      return images.url(await images.putImage(`${folder(accountId)}/avatar`, square));
    },

    /** Deletes the files behind an avatar URL this account stored; other URLs (a Google picture) are left alone. */
    async remove(accountId: number, url: string | null): Promise<void> {
      const key = url ? images.keyOf(url) : null;
      if (key?.startsWith(`${folder(accountId)}/`)) await images.remove(key);
    },

    /** Deletes every avatar the account ever stored. */
    async removeAll(accountId: number): Promise<void> {
      await images.removeFolder(folder(accountId));
    },
  };
}
