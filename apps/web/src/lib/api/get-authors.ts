import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Author } from '@bookshop/contracts/catalogue';
import { CACHE_TIMES } from '@bookshop/contracts/constants';
import { Messages } from '@bookshop/contracts/messages';
import { api } from '../api-client.ts';
import { authorKeys } from '../query-keys.ts';

/**
 * `GET v1/authors`: every author, for the staff's book form. The storefront never loads it: its
 * filter asks for a few at a time (features/catalogue/api/search-authors.ts, decision 097).
 */
export async function getAuthors(signal?: AbortSignal): Promise<Author[]> {
  try {
    return await api<Author[]>('v1/authors', { signal });
  } catch (error) {
    if (!signal?.aborted) console.error(Messages.authorsFetchFailed);
    throw error;
  }
}

export function authorsQueryOptions() {
  return queryOptions({
    queryKey: authorKeys.all,
    queryFn: ({ signal }) => getAuthors(signal),
    staleTime: CACHE_TIMES.genresAndAuthors,
  });
}

export function useAuthors() {
  return useQuery(authorsQueryOptions());
}
