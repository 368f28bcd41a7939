import { BOOK_IMAGE_MAX_BYTES, BOOK_IMAGES_MAX, BookAdminMessages } from '@bookshop/contracts/book-admin';

const TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/gif', 'image/webp'];
const EXTENSIONS = /\.(png|jpe?g|gif|webp)$/i;
export const IMAGE_ACCEPT = '.png,.jpeg,.jpg,.gif,.webp,image/png,image/jpeg,image/gif,image/webp';

/**
 * Which picked or dropped files may join the book's images, and why the others may not. The API
 * checks the content again; this only spares a pointless upload.
 */
export function screenImageFiles(
  files: readonly File[],
  alreadyThere: number,
): { accepted: File[]; refusals: string[] } {
  const accepted: File[] = [];
  const refusals: string[] = [];
  for (const file of files) {
    const typeOk = TYPES.includes(file.type) || (file.type === '' && EXTENSIONS.test(file.name));
    if (!typeOk) refusals.push(`${file.name}: ${BookAdminMessages.imageType}`);
    else if (file.size > BOOK_IMAGE_MAX_BYTES) refusals.push(`${file.name}: ${BookAdminMessages.imageTooLarge}`);
    else if (alreadyThere + accepted.length >= BOOK_IMAGES_MAX)
      refusals.push(`${file.name}: ${BookAdminMessages.imagesMax}`);
    else accepted.push(file);
  }
  return { accepted, refusals };
}
