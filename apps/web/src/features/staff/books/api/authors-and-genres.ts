import { useQuery } from '@tanstack/react-query';
import type { Author, Genre } from '@bookshop/contracts/catalogue';
import { CACHE_TIMES } from '@bookshop/contracts/constants';
import { api } from '../../../../lib/api-client.ts';

// The storefront's keys, so both areas share one cached list (and the save invalidates both).
export const useAuthors = () =>
  useQuery({
    queryKey: ['authors'],
    queryFn: ({ signal }) => api<Author[]>('v1/authors', { signal }),
    staleTime: CACHE_TIMES.genresAndAuthors,
  });

export const useGenres = () =>
  useQuery({
    queryKey: ['genres'],
    queryFn: ({ signal }) => api<Genre[]>('v1/genres', { signal }),
    staleTime: CACHE_TIMES.genresAndAuthors,
  });
