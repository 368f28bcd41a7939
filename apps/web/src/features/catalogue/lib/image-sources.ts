import { IMAGE_WIDTHS } from '@bookshop/contracts/constants';

// Stored images come in fixed WebP widths named `<key>-<width>.webp`; the API hands out one of them.
const SIZED_WEBP = /^(.*)-(\d+)\.webp$/;

/** A `srcset` listing every stored width of an image, or undefined for a URL outside that scheme. */
export function imageSrcSet(url: string): string | undefined {
  const match = SIZED_WEBP.exec(url);
  if (!match) return undefined;
  return IMAGE_WIDTHS.map((width) => `${match[1]}-${width}.webp ${width}w`).join(', ');
}

/** The book's images with the main one first. */
export function orderedImages(
  imageUrls: readonly string[],
  mainImageIndex: number,
  mainImageURL: string | null,
): string[] {
  const main = imageUrls[mainImageIndex];
  if (main !== undefined) return [main, ...imageUrls.filter((_, index) => index !== mainImageIndex)];
  return mainImageURL ? [mainImageURL, ...imageUrls.filter((url) => url !== mainImageURL)] : [...imageUrls];
}

/** The image a card shows: the main image, else the first one. */
export function coverImage(book: {
  mainImageURL: string | null;
  imageUrls: readonly string[];
  mainImageIndex: number;
}): string | null {
  return book.mainImageURL ?? book.imageUrls[book.mainImageIndex] ?? book.imageUrls[0] ?? null;
}
