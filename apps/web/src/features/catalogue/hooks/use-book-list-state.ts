import { useCallback, useMemo } from 'react';
import { z } from 'zod';
import { BookQuerySchema, type BookQuery } from '@bookshop/contracts/catalogue';
import { PRICE_SLIDER_MAX, PRICE_SLIDER_MIN } from '@bookshop/contracts/constants';
import { pickerPageSize, readUrlState, useUrlState } from '../../../lib/use-url-state.ts';

/** The list's filters: the API's own query, without the paging. */
export type BookFilterValues = Omit<BookQuery, 'pageNo' | 'pageSize'>;

export type BookListState = BookFilterValues & { pageNo: number; pageSize: number };

/** `GET v1/books`'s query as the URL holds it (the page sizes are the picker's). */
const UrlQuerySchema = z.object({ ...BookQuerySchema.shape, pageSize: pickerPageSize });

const FILTER_KEYS = ['genre', 'author', 'minPrice', 'maxPrice', 'filterInStock', 'hasDiscount'] as const;

/** A price the slider can show: beyond its ends is an end. */
const clampPrice = (value: number | undefined) =>
  value === undefined ? undefined : Math.min(Math.max(value, PRICE_SLIDER_MIN), PRICE_SLIDER_MAX);

/**
 * Reads the list state from the query string. A shared or hand-edited URL may hold anything, so
 * values the API would reject are dropped (or swapped, for an inverted price range) rather than
 * turned into an error page.
 */
export function readBookListState(params: URLSearchParams): BookListState {
  return fromUrl(readUrlState(UrlQuerySchema, params));
}

function fromUrl(url: z.output<typeof UrlQuerySchema>): BookListState {
  let minPrice = clampPrice(url.minPrice);
  let maxPrice = clampPrice(url.maxPrice);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    genre: url.genre,
    author: url.author,
    // The ends of the slider mean "no limit", so they are not sent (books above 1000 stay findable).
    minPrice: minPrice === PRICE_SLIDER_MIN ? undefined : minPrice,
    maxPrice: maxPrice === PRICE_SLIDER_MAX ? undefined : maxPrice,
    // Only "yes" narrows the list; an unticked box means every book.
    filterInStock: url.filterInStock || undefined,
    hasDiscount: url.hasDiscount || undefined,
    pageNo: url.pageNo,
    pageSize: url.pageSize,
  };
}

/** An unticked box leaves the URL rather than writing `false`. */
const withoutFalse = (patch: BookFilterValues) =>
  Object.fromEntries(Object.entries(patch).map(([key, value]) => [key, value === false ? undefined : value]));

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
  const [url, setUrl] = useUrlState(UrlQuerySchema);
  const state = useMemo(() => fromUrl(url), [url]);
  const { genre: fixedGenre, author: fixedAuthor } = fixed;

  const query: BookQuery = useMemo(
    () => bookListQuery(state, { genre: fixedGenre, author: fixedAuthor }),
    [state, fixedGenre, fixedAuthor],
  );

  // A different filter (or page size) gives a different list: it starts again at page 1.
  const setFilters = useCallback((patch: BookFilterValues) => setUrl(withoutFalse(patch)), [setUrl]);
  const resetFilters = useCallback(
    () => setUrl(Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined]))),
    [setUrl],
  );
  const setPage = useCallback((pageNo: number) => setUrl({ pageNo }), [setUrl]);
  const setPageSize = useCallback((pageSize: number) => setUrl({ pageSize }), [setUrl]);

  /** How many filters narrow the list beyond what the route fixes. */
  const activeFilters = FILTER_KEYS.filter(
    (key) =>
      state[key] !== undefined &&
      !(key === 'genre' && fixedGenre !== undefined) &&
      !(key === 'author' && fixedAuthor !== undefined),
  ).length;

  return { state, query, activeFilters, setFilters, resetFilters, setPage, setPageSize };
}
