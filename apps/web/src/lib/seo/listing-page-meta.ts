import type { BookPage } from '@bookshop/contracts/catalogue';
import { authorPath, genrePath, searchPath } from '@bookshop/contracts/routes';
import { nameIn, titleIn } from '../i18n/catalogue-text.ts';
import type { MessageId, MessageValues } from '../i18n/i18n.tsx';
import type { Locale } from '../i18n/locale.ts';
import type { PageMetaData } from './page-meta.tsx';
import { cover, pageTitle } from './page-meta-builders.ts';

/** The page's language for the builders of translated pages: its messages, and which language they are in. */
export type MetaLanguage = { t: (id: MessageId, values?: MessageValues) => string; locale: Locale };

type Named = { name: string; nameAr?: string | null };

function listingMeta(
  heading: string,
  path: string,
  books: BookPage | undefined,
  whatBooks: (count: number | undefined) => string,
  { t, locale }: MetaLanguage,
): PageMetaData {
  const first = books?.data[0];
  const image = first ? cover(first) : undefined;
  const description = t('catalogue.meta.listing', { what: whatBooks(books?.paginationDetails.noOfRecords) });
  return {
    title: pageTitle(heading),
    description,
    path,
    image,
    imageAlt: first && image ? t('catalogue.meta.coverOf', { title: titleIn(locale, first) }) : undefined,
    // What the page is, for search engines; `inLanguage` says in which language (page-meta.tsx).
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: heading,
      description,
      url: path,
      ...(image && { image }),
    },
  };
}

/**
 * A genre's listing, named in the page's language (its Arabic name on an Arabic page where it has
 * one); `books` (the list the page shows) adds the count and a cover once loaded.
 */
export function genrePageMeta(genre: Named, books: BookPage | undefined, language: MetaLanguage): PageMetaData {
  const { t } = language;
  const name = nameIn(language.locale, genre);
  return listingMeta(
    name,
    genrePath(genre.name),
    books,
    (count) =>
      count === undefined
        ? t('catalogue.genre.books', { genre: name })
        : t('catalogue.meta.genreCount', { count, genre: name }),
    language,
  );
}

/** An author's listing, named as the genre's is; `books` adds the count and a cover once loaded. */
export function authorPageMeta(author: Named, books: BookPage | undefined, language: MetaLanguage): PageMetaData {
  const { t } = language;
  const name = nameIn(language.locale, author);
  return listingMeta(
    name,
    authorPath(author.name),
    books,
    (count) =>
      count === undefined
        ? t('catalogue.author.books', { author: name })
        : t('catalogue.meta.authorCount', { count, author: name }),
    language,
  );
}

/**
 * The search results page (decision 088): kept out of search engines' indexes, as a page per
 * keyword would fill them with thin copies of the catalogue; its links are still followed.
 */
export function searchPageMeta(keyword: string, books: BookPage | undefined, { t }: MetaLanguage): PageMetaData {
  const trimmed = keyword.trim();
  const count = books?.paginationDetails.noOfRecords;
  return {
    title: pageTitle(trimmed ? t('catalogue.search.resultsFor', { keyword: trimmed }) : t('catalogue.search.title')),
    description: trimmed
      ? count === undefined
        ? t('catalogue.search.metaMatching', { keyword: trimmed })
        : t('catalogue.search.metaCount', { count, keyword: trimmed })
      : t('catalogue.search.metaEmpty'),
    path: searchPath(trimmed),
    noindex: true,
  };
}
