import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookPage, SearchBooksPageQuery } from '@bookshop/contracts/catalogue';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { bookKeys } from '../../../lib/query-keys.ts';

/** `GET v1/search/books`: a page of every book the keyword finds, in the dropdown's order (decision 088). */
export function searchBookPage(query: SearchBooksPageQuery, signal?: AbortSignal): Promise<BookPage> {
  return api<BookPage>(`v1/search/books${toQueryString(query)}`, { signal });
}

const emptyPage = ({ pageNo, pageSize }: SearchBooksPageQuery): BookPage => ({
  data: [],
  paginationDetails: { currentPage: pageNo, totalPages: 0, noOfRecords: 0, pageSize },
});

export function searchBookPageQueryOptions(query: SearchBooksPageQuery) {
  const keyword = query.keyword.trim();
  const trimmed = { ...query, keyword };
  return queryOptions({
    queryKey: bookKeys.searchPage(trimmed),
    // A blank keyword finds nothing, so it asks nothing.
    queryFn: ({ signal }) => (keyword ? searchBookPage(trimmed, signal) : Promise.resolve(emptyPage(trimmed))),
    // Another page keeps the current one on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useSearchBookPage(query: SearchBooksPageQuery) {
  return useQuery(searchBookPageQueryOptions(query));
}
