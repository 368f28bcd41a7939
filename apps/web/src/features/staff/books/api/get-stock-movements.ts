import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StockMovementPage, StockMovementQuery } from '@bookshop/contracts/stock';
import { api, toQueryString } from '../../../../lib/api-client.ts';
import { stockMovementKeys } from '../../../../lib/query-keys.ts';

/** `GET v1/books/{id}/stock-movements`: a page of the book's ledger, newest first (books:manage). */
export const getStockMovements = (bookId: number, query: StockMovementQuery, signal?: AbortSignal) =>
  api<StockMovementPage>(`v1/books/${bookId}/stock-movements${toQueryString(query)}`, { signal });

export const stockMovementsQueryOptions = (bookId: number, query: StockMovementQuery) =>
  queryOptions({
    queryKey: stockMovementKeys.page(bookId, query),
    queryFn: ({ signal }) => getStockMovements(bookId, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useStockMovements = (bookId: number, query: StockMovementQuery) =>
  useQuery(stockMovementsQueryOptions(bookId, query));
