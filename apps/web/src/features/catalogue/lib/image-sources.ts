import { IMAGE_WIDTHS } from '@bookshop/contracts/constants';

// Stored images come in fixed WebP widths named `<key>-<width>.webp`; the API hands out one of them.
const SIZED_WEBP = /^(.*)-(\d+)\.webp$/;

/** A `srcset` listing every stored width of an image, or undefined for a URL outside that scheme. */
export function imageSrcSet(url: string): string | undefined {
  const match = SIZED_WEBP.exec(url);
  if (!match) return undefined;
  return IMAGE_WIDTHS.map((width) => `${match[1]}-${width}.webp ${width}w`).join(', ');
}

/**
 * How wide each kind of cover is drawn, as an `<img sizes>`, so the browser fetches the right
 * stored width. A preload of a cover must use the same value, or the browser fetches twice.
 */
export const COVER_SIZES = {
  /** The book page's main image: the left two fifths of the page from 48rem (md), else full width. */
  bookPage: '(min-width: 48rem) 40vw, 100vw',
  /** A phone's card shows a 7rem cover beside the details; wider, cards are 13.25 to about 21rem wide. */
  card: '(min-width: 650px) 21rem, 7rem',
} as const;

export type CoverKind = keyof typeof COVER_SIZES;

/** The attributes of a `<link rel="preload" as="image">` that the matching cover `<img>` reuses. */
export type CoverPreload = { href: string; imageSrcSet?: string; imageSizes?: string };

/**
 * What a server renderer needs to preload a page's largest cover with `fetchpriority="high"`:
 * `<link rel="preload" as="image" fetchpriority="high" href imagesrcset imagesizes>`. srcset and
 * sizes are exactly those of the `<img>` that BookImage renders for the same URL and kind.
 */
export function coverPreload(imageUrl: string, kind: CoverKind = 'bookPage'): CoverPreload {
  const srcSet = imageSrcSet(imageUrl);
  return srcSet ? { href: imageUrl, imageSrcSet: srcSet, imageSizes: COVER_SIZES[kind] } : { href: imageUrl };
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
