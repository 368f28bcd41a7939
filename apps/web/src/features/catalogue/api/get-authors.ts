import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Author } from '@bookshop/contracts/catalogue';
import { CACHE_TIMES } from '@bookshop/contracts/constants';
import { Messages } from '@bookshop/contracts/messages';
import { api } from '../../../lib/api-client.ts';

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
    queryKey: ['authors'],
    queryFn: ({ signal }) => getAuthors(signal),
    staleTime: CACHE_TIMES.genresAndAuthors,
  });
}

export function useAuthors() {
  return useQuery(authorsQueryOptions());
}
