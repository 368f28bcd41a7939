import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookPage, BookQuery } from '@bookshop/contracts/catalogue';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { coverImage, coverPreload } from '../lib/image-sources.ts';
import { bookKeys } from '../../../lib/query-keys.ts';

/** The list filters exactly as `GET v1/books` takes them, after defaults. */
export type BookListQuery = BookQuery;

export function getBooks(query: BookListQuery, signal?: AbortSignal): Promise<BookPage> {
  return api<BookPage>(`v1/books${toQueryString(query)}`, { signal });
}

export function booksQueryOptions(query: BookListQuery) {
  return queryOptions({
    queryKey: bookKeys.list(query),
    queryFn: ({ signal }) => getBooks(query, signal),
    // Paging and filtering keep the current grid on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useBooks(query: BookListQuery) {
  return useQuery(booksQueryOptions(query));
}

/** The first card's cover, a listing's largest paint, for the page to preload. */
export function firstCoverPreload(page: BookPage | undefined) {
  const first = page?.data[0];
  const cover = first ? coverImage(first) : null;
  return cover ? coverPreload(cover, 'card') : undefined;
}
