import type { Book, BookPage } from '@bookshop/contracts/catalogue';
import { CURRENCY, IMAGE_WIDTHS } from '@bookshop/contracts/constants';
import { Messages } from '@bookshop/contracts/messages';
import { authorPath, bookPath, genrePath, Routes, searchPath } from '@bookshop/contracts/routes';
import type { PageMetaData } from './page-meta.tsx';

const SHOP_NAME = 'Bookshop';
const SHOP_DESCRIPTION = 'Bookshop: books delivered across the UAE. Free delivery on orders over 150 AED.';
// Search results show about this many characters of a description.
const DESCRIPTION_LENGTH = 160;

/** "Emma | Bookshop"; the shop's name alone for the home page. */
const pageTitle = (title?: string) => (title ? `${title} | ${SHOP_NAME}` : SHOP_NAME);

/** Whitespace collapsed, cut at a word boundary to fit a search result, with an ellipsis if cut. */
function summarise(text: string, length = DESCRIPTION_LENGTH): string {
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

function cover(book: Pick<Book, 'mainImageURL' | 'imageUrls' | 'mainImageIndex'>): string | undefined {
  const url = book.mainImageURL ?? book.imageUrls[book.mainImageIndex] ?? book.imageUrls[0];
  return url ? largest(url) : undefined;
}

const names = (items: readonly { name: string }[]) => items.map((item) => item.name);

const listing = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** The home page; an Arabic page passes its own description (decision 089). */
export function homePageMeta(description = SHOP_DESCRIPTION): PageMetaData {
  return { title: pageTitle(), description, path: Routes.home };
}

export function bookPageMeta(book: Book): PageMetaData {
  const path = bookPath(book.title);
  const image = cover(book);
  const authors = names(book.authors);
  const description = summarise(book.description) || `${book.title} by ${listing(authors)}.`;
  const availability = book.isInStock ? 'InStock' : 'OutOfStock';
  return {
    title: pageTitle(book.title),
    description,
    path,
    image,
    imageAlt: image ? `Cover of ${book.title}` : undefined,
    type: 'book',
    price: book.discountedPrice,
    availability,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Book',
      name: book.title,
      url: path,
      ...(image && { image }),
      description,
      ...(book.isbn && { isbn: book.isbn }),
      author: book.authors.map((author) => ({ '@type': 'Person', name: author.name, url: authorPath(author.name) })),
      ...(book.genres.length > 0 && { genre: names(book.genres) }),
      offers: {
        '@type': 'Offer',
        price: book.discountedPrice.toFixed(2),
        priceCurrency: CURRENCY,
        availability: `https://schema.org/${availability}`,
        url: path,
      },
      // Search engines reject a rating with no reviews behind it.
      ...(book.ratingCount > 0 && {
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: Math.round(book.rating * 10) / 10,
          reviewCount: book.ratingCount,
          bestRating: 5,
          worstRating: 1,
        },
      }),
    },
  };
}

/** While a book loads (or fails to), the page is named after the title in its address. */
export function pendingBookPageMeta(title: string): PageMetaData {
  return { title: pageTitle(title), description: SHOP_DESCRIPTION, path: bookPath(title) };
}

function listingMeta(
  heading: string,
  path: string,
  books: BookPage | undefined,
  whatBooks: (count: number | undefined) => string,
): PageMetaData {
  const first = books?.data[0];
  const image = first ? cover(first) : undefined;
  return {
    title: pageTitle(heading),
    description: `${whatBooks(books?.paginationDetails.noOfRecords)} at ${SHOP_NAME}, delivered across the UAE.`,
    path,
    image,
    imageAlt: first && image ? `Cover of ${first.title}` : undefined,
  };
}

const bookCount = (count: number) => `${count} ${count === 1 ? 'book' : 'books'}`;

/** A genre's listing; `books` (the list the page shows) adds the count and a cover once loaded. */
export function genrePageMeta(genreName: string, books?: BookPage): PageMetaData {
  return listingMeta(genreName, genrePath(genreName), books, (count) =>
    count === undefined ? `${genreName} books` : `${count} ${genreName} ${count === 1 ? 'book' : 'books'}`,
  );
}

/** An author's listing; `books` (the list the page shows) adds the count and a cover once loaded. */
export function authorPageMeta(authorName: string, books?: BookPage): PageMetaData {
  return listingMeta(authorName, authorPath(authorName), books, (count) =>
    count === undefined ? `Books by ${authorName}` : `${bookCount(count)} by ${authorName}`,
  );
}

/**
 * The search results page (decision 088): kept out of search engines' indexes, as a page per
 * keyword would fill them with thin copies of the catalogue; its links are still followed.
 */
export function searchPageMeta(keyword: string, books?: BookPage): PageMetaData {
  const trimmed = keyword.trim();
  const count = books?.paginationDetails.noOfRecords;
  return {
    title: pageTitle(trimmed ? `Search results for “${trimmed}”` : 'Search'),
    description: trimmed
      ? count === undefined
        ? `Books matching “${trimmed}” by title, author or genre.`
        : `${bookCount(count)} matching “${trimmed}” by title, author or genre.`
      : 'Search the shop by title, author or genre.',
    path: searchPath(trimmed),
    noindex: true,
  };
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
