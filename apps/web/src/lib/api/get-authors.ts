import { queryOptions } from '@tanstack/react-query';
import type { Author } from '@bookshop/contracts/catalogue';
import { AUTHOR_SEARCH_DEFAULT_LIMIT } from '@bookshop/contracts/constants';
import { Messages } from '@bookshop/contracts/messages';
import { api, toQueryString } from '../api-client.ts';
import { authorKeys } from '../query-keys.ts';

/*
 * Authors are read a few at a time (decision 097): a catalogue of a million books has hundreds of
 * thousands, so neither the storefront's filter nor the staff's book form loads them all. The
 * unparameterised `GET v1/authors` (every author) stays in the API for its clients.
 */

/** `GET v1/authors?search=…&limit=…`: a bounded page of authors, exact name first, then A–Z. */
async function searchAuthors(search: string, limit: number, signal?: AbortSignal): Promise<Author[]> {
  try {
    return await api<Author[]>(`v1/authors${toQueryString({ search, limit })}`, { signal });
  } catch (error) {
    if (!signal?.aborted) console.error(Messages.authorsFetchFailed);
    throw error;
  }
}

/** The authors whose English or Arabic name holds `text` (the first A–Z for none). */
export function authorSearchQueryOptions(text: string, limit = AUTHOR_SEARCH_DEFAULT_LIMIT) {
  const search = text.trim();
  return queryOptions({
    queryKey: authorKeys.search(search, limit),
    queryFn: ({ signal }) => searchAuthors(search, limit, signal),
    retry: false,
  });
}

/**
 * `GET v1/authors?name=…`: the one author of this name, any letter case, or none (the author page,
 * the picker's chosen author), read through the name's index.
 */
export function authorNamedQueryOptions(name: string) {
  const trimmed = name.trim();
  return queryOptions({
    queryKey: authorKeys.named(trimmed),
    queryFn: ({ signal }) => api<Author[]>(`v1/authors${toQueryString({ name: trimmed })}`, { signal }),
    retry: false,
  });
}
