import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Genre } from '@bookshop/contracts/catalogue';
import { CACHE_TIMES } from '@bookshop/contracts/constants';
import { Messages } from '@bookshop/contracts/messages';
import { api } from '../api-client.ts';
import { genreKeys } from '../query-keys.ts';

/** `GET v1/genres`: the storefront's menus and filters and the staff's book form share this one cached list. */
export async function getGenres(signal?: AbortSignal): Promise<Genre[]> {
  try {
    return await api<Genre[]>('v1/genres', { signal });
  } catch (error) {
    if (!signal?.aborted) console.error(Messages.genresFetchFailed);
    throw error;
  }
}

export function genresQueryOptions() {
  return queryOptions({
    queryKey: genreKeys.all,
    queryFn: ({ signal }) => getGenres(signal),
    staleTime: CACHE_TIMES.genresAndAuthors,
  });
}

export function useGenres() {
  return useQuery(genresQueryOptions());
}
