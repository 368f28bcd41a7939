import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '@bookshop/contracts/catalogue';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { bookKeys } from '../../../lib/query-keys.ts';

export function searchBooks(keyword: string, signal?: AbortSignal): Promise<SearchResult[]> {
  return api<SearchResult[]>(`v1/books/search-books${toQueryString({ keyword })}`, { signal });
}

export function searchBooksQueryOptions(keyword: string) {
  const trimmed = keyword.trim();
  return queryOptions({
    queryKey: bookKeys.search(trimmed),
    queryFn: ({ signal }) => searchBooks(trimmed, signal),
    // A blank keyword always answers an empty list, so it is not worth a request.
    enabled: trimmed.length > 0,
    staleTime: 60_000,
    retry: false,
  });
}

export function useSearchBooks(keyword: string) {
  return useQuery(searchBooksQueryOptions(keyword));
}
