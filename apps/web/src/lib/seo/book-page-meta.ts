import type { Book } from '@bookshop/contracts/catalogue';
import { CURRENCY } from '@bookshop/contracts/constants';
import { authorPath, bookPath } from '@bookshop/contracts/routes';
import { descriptionIn, nameIn, titleIn } from '../i18n/catalogue-text.ts';
import type { Locale } from '../i18n/locale.ts';
import type { PageMetaData } from './page-meta.tsx';
import { cover, pageTitle, SHOP_DESCRIPTION, summarise } from './page-meta-builders.ts';

const listing = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** The words of a book page's meta in one language; an Arabic page passes its catalogue's. */
export type BookMetaText = { coverOf: (title: string) => string; byline: (title: string, authors: string) => string };
const ENGLISH_BOOK_TEXT: BookMetaText = {
  coverOf: (title) => `Cover of ${title}`,
  byline: (title, authors) => `${title} by ${authors}.`,
};

/**
 * A book's page in `locale`: its Arabic title, description and names on an Arabic page where the
 * catalogue has them (decision 090); the English title stays the page's path.
 */
export function bookPageMeta(book: Book, locale: Locale = 'en', text: BookMetaText = ENGLISH_BOOK_TEXT): PageMetaData {
  const path = bookPath(book.title);
  const image = cover(book);
  const title = titleIn(locale, book);
  const authors = book.authors.map((author) => nameIn(locale, author));
  const authorList = locale === 'en' ? listing(authors) : new Intl.ListFormat(locale).format(authors);
  const description = summarise(descriptionIn(locale, book)) || text.byline(title, authorList);
  const availability = book.isInStock ? 'InStock' : 'OutOfStock';
  return {
    title: pageTitle(title),
    description,
    path,
    image,
    imageAlt: image ? text.coverOf(title) : undefined,
    type: 'book',
    price: book.discountedPrice,
    availability,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Book',
      name: title,
      url: path,
      ...(image && { image }),
      description,
      ...(book.isbn && { isbn: book.isbn }),
      author: book.authors.map((author) => ({
        '@type': 'Person',
        name: nameIn(locale, author),
        url: authorPath(author.name),
      })),
      ...(book.genres.length > 0 && { genre: book.genres.map((genre) => nameIn(locale, genre)) }),
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
