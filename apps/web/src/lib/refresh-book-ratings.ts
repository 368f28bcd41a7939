import type { QueryClient } from '@tanstack/react-query';
import { bookKeys } from './query-keys.ts';

/**
 * A review changes its book's rating and count, which the catalogue's cards and book page read
 * from their own cached books (the public 'books' query root): refetch those.
 */
export const refreshBookRatings = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: bookKeys.all });
