import type { Book } from '@bookshop/contracts/catalogue';
import { IMAGE_WIDTHS } from '@bookshop/contracts/constants';
import { Messages } from '@bookshop/contracts/messages';
import { Routes } from '@bookshop/contracts/routes';
import type { PageMetaData } from './page-meta.tsx';

/*
 * The head of the pages every visitor may land on first (home, information pages, Page Not Found)
 * and what every page's head shares. A book's page and the listings have their own modules
 * (book-page-meta.ts, listing-page-meta.ts), loaded with those pages, so the home route does not
 * carry their words.
 */

const SHOP_NAME = 'Bookshop';
export const SHOP_DESCRIPTION = 'Bookshop: books delivered across the UAE. Free delivery on orders over 150 AED.';
// Search results show about this many characters of a description.
const DESCRIPTION_LENGTH = 160;

/** "Emma | Bookshop"; the shop's name alone for the home page. */
export const pageTitle = (title?: string) => (title ? `${title} | ${SHOP_NAME}` : SHOP_NAME);

/** Whitespace collapsed, cut at a word boundary to fit a search result, with an ellipsis if cut. */
export function summarise(text: string, length = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1); // room for the ellipsis
  const lastSpace = cut.lastIndexOf(' ');
  // A single very long word is cut where it must be.
  const words = lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut;
  return `${words.replace(/[\s,.;:–-]+$/, '')}…`;
}

// The largest stored width: link previews are shown large. Images named outside the sized scheme stay as they are.
const LARGEST_WIDTH = Math.max(...IMAGE_WIDTHS);
const largest = (url: string) => url.replace(/-\d+\.webp$/, `-${LARGEST_WIDTH}.webp`);

export function cover(book: Pick<Book, 'mainImageURL' | 'imageUrls' | 'mainImageIndex'>): string | undefined {
  const url = book.mainImageURL ?? book.imageUrls[book.mainImageIndex] ?? book.imageUrls[0];
  return url ? largest(url) : undefined;
}

/** The home page; an Arabic page passes its own description (decision 089). */
export function homePageMeta(description = SHOP_DESCRIPTION): PageMetaData {
  return { title: pageTitle(), description, path: Routes.home };
}

/** An information page (about us, FAQs, shipping, terms, privacy, contact): its heading and lead paragraph. */
export function staticPageMeta(page: { heading: string; summary: string; path: string }): PageMetaData {
  return { title: pageTitle(page.heading), description: summarise(page.summary), path: page.path };
}

/** A path the shop has no page for, or a book, genre or author it does not have. */
export function notFoundPageMeta(
  path: string,
  text: { heading: string; detail: string } = {
    heading: Messages.pageNotFound,
    detail: 'The page you were looking for does not exist or may have moved.',
  },
): PageMetaData {
  return { title: pageTitle(text.heading), description: text.detail, path };
}
