import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Author } from '@bookshop/contracts/catalogue';
import { AUTHOR_SEARCH_DEFAULT_LIMIT } from '@bookshop/contracts/constants';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { authorKeys } from '../../../lib/query-keys.ts';

/** `GET v1/authors?search=…&limit=…` (decision 097): a bounded page of authors, exact name first. */
function searchAuthors(search: string, limit: number, signal?: AbortSignal): Promise<Author[]> {
  return api<Author[]>(`v1/authors${toQueryString({ search, limit })}`, { signal });
}

export function authorSearchQueryOptions(text: string, limit = AUTHOR_SEARCH_DEFAULT_LIMIT) {
  const search = text.trim();
  return queryOptions({
    queryKey: authorKeys.search(search, limit),
    queryFn: ({ signal }) => searchAuthors(search, limit, signal),
    retry: false,
  });
}

/** The picker's suggestions while its list is open; the last answer stays shown while the next is on its way. */
export function useAuthorSearch(text: string, enabled: boolean) {
  return useQuery({ ...authorSearchQueryOptions(text), enabled, placeholderData: keepPreviousData });
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

export function useAuthorNamed(name: string | undefined) {
  const query = useQuery({ ...authorNamedQueryOptions(name ?? ''), enabled: Boolean(name) });
  const author = query.data?.find((item) => item.name.toLowerCase() === name?.toLowerCase());
  return { author, unknown: query.isSuccess && !author };
}
