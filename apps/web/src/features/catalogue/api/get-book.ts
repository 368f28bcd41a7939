import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Book } from '@bookshop/contracts/catalogue';
import { api } from '../../../lib/api-client.ts';
import { bookKeys } from '../../../lib/query-keys.ts';

export function getBook(title: string, signal?: AbortSignal): Promise<Book> {
  return api<Book>(`v1/books/${encodeURIComponent(title)}`, { signal });
}

export function bookQueryOptions(title: string) {
  return queryOptions({
    queryKey: bookKeys.detail(title),
    queryFn: ({ signal }) => getBook(title, signal),
    // The book page shows its own 'Page Not Found' or error state, so a toast would repeat it.
    meta: { errorToast: false },
    // A 404 the server rendered stays the Not Found page when hydrated, not a loading skeleton
    // while the browser asks again (the loader and 'Try again' still fetch).
    retryOnMount: false,
  });
}

export function useBook(title: string) {
  return useQuery(bookQueryOptions(title));
}
