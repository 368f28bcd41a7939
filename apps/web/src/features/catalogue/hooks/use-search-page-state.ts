import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SearchBooksPageQuery } from '@bookshop/contracts/catalogue';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, SEARCH_KEYWORD_MAX_LENGTH } from '@bookshop/contracts/constants';

/**
 * The search results page's keyword and page from its query string (decision 088). As with the
 * book list, a hand-edited URL is read leniently rather than turned into an error page, and
 * without zod, so the reading costs no bundle weight.
 */
export function readSearchPageState(params: URLSearchParams): SearchBooksPageQuery {
  const pageNo = Number(params.get('pageNo'));
  const pageSize = Number(params.get('pageSize'));
  return {
    keyword: (params.get('keyword') ?? '').trim().slice(0, SEARCH_KEYWORD_MAX_LENGTH),
    pageNo: Number.isInteger(pageNo) && pageNo >= 1 ? pageNo : 1,
    pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The state in the URL, and its changes: another page, another page size (back to page 1). */
export function useSearchPageState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readSearchPageState(params), [params]);
  const update = useCallback(
    (change: { pageNo?: number; pageSize?: number }) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        if (change.pageSize !== undefined) next.set('pageSize', String(change.pageSize));
        if (change.pageNo !== undefined && change.pageNo > 1) next.set('pageNo', String(change.pageNo));
        else next.delete('pageNo');
        return next;
      }),
    [setParams],
  );
  const setPage = useCallback((pageNo: number) => update({ pageNo }), [update]);
  const setPageSize = useCallback((pageSize: number) => update({ pageSize }), [update]);
  return { state, setPage, setPageSize };
}
