import { AccountMessages, AVATAR_MAX_BYTES } from '@bookshop/contracts/account';
import { ACCEPTED_IMAGE_TYPES } from '@bookshop/contracts/constants';

/** Spec section 5: accepted image types png, jpeg, jpg, gif, webp. */
export const ACCEPTED_IMAGE_INPUT = [...ACCEPTED_IMAGE_TYPES, '.png', '.jpeg', '.jpg', '.gif', '.webp'].join(',');

/**
 * What the server would refuse, found before uploading. The server still checks the content
 * (a text file named .png passes here), with the same messages.
 */
export function avatarFileError(file: File): string | undefined {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return AccountMessages.imageType;
  if (file.size > AVATAR_MAX_BYTES) return AccountMessages.imageTooLarge;
  return undefined;
}
