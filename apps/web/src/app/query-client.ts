import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { CACHE_TIMES } from '@bookshop/contracts/constants';
import { ApiError } from '../lib/api-client.ts';
import { showRequestErrorToast } from './request-error-toast.ts';
import {
  addressKeys,
  authorKeys,
  customerOrderKeys,
  genreKeys,
  shippingFeeKeys,
  wishlistKeys,
} from '../lib/query-keys.ts';

type RequestMeta = {
  /** false: the caller shows its own message (spec: e.g. 'Failed to add book to cart.'). */
  errorToast?: boolean;
};

// Lets queries and mutations anywhere declare `meta: { errorToast: false }` with type checking.
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

/** Client errors (4xx) will not change on a retry; network hiccups and 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * Cache times of spec section 9 keyed by query-key prefix, so every feature using these keys
 * gets them without repeating the numbers.
 */
const CACHE_TIMES_BY_KEY: ReadonlyArray<[readonly string[], number]> = [
  [genreKeys.all, CACHE_TIMES.genresAndAuthors],
  [authorKeys.all, CACHE_TIMES.genresAndAuthors],
  [addressKeys.all, CACHE_TIMES.addresses],
  [shippingFeeKeys.all, CACHE_TIMES.shippingFees],
  [wishlistKeys.all, CACHE_TIMES.wishlist],
  [customerOrderKeys.all, CACHE_TIMES.customerOrders],
];

/**
 * The app's query client. `server`: the renderer's, one per request: no toasts (nobody is there
 * to see them; the page shows its error state and the browser tries again) and no retries.
 */
export function createQueryClient({ server = false }: { server?: boolean } = {}): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!server && query.meta?.errorToast !== false) showRequestErrorToast(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorToast !== false) showRequestErrorToast(error);
      },
    }),
    defaultOptions: {
      queries: {
        // Catalogue data changes rarely; a minute avoids refetching on every page visit.
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        retry: server ? false : shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  for (const [queryKey, time] of CACHE_TIMES_BY_KEY) {
    client.setQueryDefaults(queryKey, { staleTime: time, gcTime: time });
  }
  return client;
}
