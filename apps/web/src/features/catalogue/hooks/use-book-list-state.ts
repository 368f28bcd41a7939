import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { BookQuery } from '@bookshop/contracts/catalogue';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  PRICE_SLIDER_MAX,
  PRICE_SLIDER_MIN,
} from '@bookshop/contracts/constants';

/** The list's filters: the API's own query, without the paging. */
export type BookFilterValues = Omit<BookQuery, 'pageNo' | 'pageSize'>;

export type BookListState = BookFilterValues & { pageNo: number; pageSize: number };

const FILTER_KEYS = ['genre', 'author', 'minPrice', 'maxPrice', 'filterInStock', 'hasDiscount'] as const;

function readPrice(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) return undefined;
  return Math.min(Math.max(value, PRICE_SLIDER_MIN), PRICE_SLIDER_MAX);
}

function readText(raw: string | null): string | undefined {
  const text = raw?.trim();
  return text ? text : undefined;
}

/**
 * Reads the list state from the query string. A shared or hand-edited URL may hold anything, so
 * values the API would reject are dropped (or swapped, for an inverted price range) rather than
 * turned into an error page. Written here rather than through lib/use-url-state.ts: the
 * contract's schemas bring zod, which the home route's 100 KB budget cannot carry (decision 066).
 */
export function readBookListState(params: URLSearchParams): BookListState {
  const pageNo = Number(params.get('pageNo'));
  const pageSize = Number(params.get('pageSize'));
  let minPrice = readPrice(params.get('minPrice'));
  let maxPrice = readPrice(params.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    genre: readText(params.get('genre')),
    author: readText(params.get('author')),
    // The ends of the slider mean "no limit", so they are not sent (books above 1000 stay findable).
    minPrice: minPrice === PRICE_SLIDER_MIN ? undefined : minPrice,
    maxPrice: maxPrice === PRICE_SLIDER_MAX ? undefined : maxPrice,
    filterInStock: params.get('filterInStock') === 'true' || undefined,
    hasDiscount: params.get('hasDiscount') === 'true' || undefined,
    pageNo: Number.isInteger(pageNo) && pageNo >= 1 ? pageNo : 1,
    pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

function writeValue(params: URLSearchParams, key: string, value: string | number | boolean | undefined) {
  if (value === undefined || value === false || value === '') params.delete(key);
  else params.set(key, String(value));
}

type FixedFilters = Pick<BookFilterValues, 'genre' | 'author'>;

/** What `GET v1/books` is asked for a list page: its query string, under the route's own filters. */
export function bookListQuery(state: BookListState, fixed: FixedFilters = {}): BookQuery {
  return { ...state, genre: fixed.genre ?? state.genre, author: fixed.author ?? state.author };
}

/**
 * The book list's filters and page, kept in the URL so a view can be shared and survives reload.
 * `fixed` pins filters that come from the route (the genre or author page) over the query string.
 */
export function useBookListState(fixed: FixedFilters = {}) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readBookListState(params), [params]);
  const { genre: fixedGenre, author: fixedAuthor } = fixed;

  const query: BookQuery = useMemo(
    () => bookListQuery(state, { genre: fixedGenre, author: fixedAuthor }),
    [state, fixedGenre, fixedAuthor],
  );

  const setFilters = useCallback(
    (patch: BookFilterValues) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) writeValue(next, key, value);
        // A different filter gives a different list; staying on page 7 of the old one makes no sense.
        next.delete('pageNo');
        return next;
      }),
    [setParams],
  );

  const resetFilters = useCallback(
    () =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const key of FILTER_KEYS) next.delete(key);
        next.delete('pageNo');
        return next;
      }),
    [setParams],
  );

  const setPage = useCallback(
    (pageNo: number) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        writeValue(next, 'pageNo', pageNo > 1 ? pageNo : undefined);
        return next;
      }),
    [setParams],
  );

  const setPageSize = useCallback(
    (pageSize: number) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        next.set('pageSize', String(pageSize));
        next.delete('pageNo');
        return next;
      }),
    [setParams],
  );

  /** The query string of another page of this list (same filters and size), for a link to it. */
  const pageSearch = useCallback(
    (pageNo: number) => {
      const next = new URLSearchParams(params);
      writeValue(next, 'pageNo', pageNo > 1 ? pageNo : undefined);
      const search = next.toString();
      return search ? `?${search}` : '';
    },
    [params],
  );

  /** How many filters narrow the list beyond what the route fixes. */
  const activeFilters = FILTER_KEYS.filter(
    (key) =>
      state[key] !== undefined &&
      !(key === 'genre' && fixedGenre !== undefined) &&
      !(key === 'author' && fixedAuthor !== undefined),
  ).length;

  return { state, query, activeFilters, setFilters, resetFilters, setPage, setPageSize, pageSearch };
}
