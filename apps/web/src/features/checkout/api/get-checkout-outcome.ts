import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@bookshop/contracts/orders';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { checkoutKeys } from '../../../lib/query-keys.ts';

export type CheckoutOutcome = 'success' | 'cancelled';

const paths: Record<CheckoutOutcome, string> = {
  success: 'v1/checkout/checkout-success',
  cancelled: 'v1/checkout/checkout-cancelled',
};

/**
 * `GET v1/checkout/checkout-success?sessionId=` (fulfils a paid session) and
 * `GET v1/checkout/checkout-cancelled?sessionId=` (cancels an unpaid one): both answer the order.
 */
export function getCheckoutOutcome(outcome: CheckoutOutcome, sessionId: string, signal?: AbortSignal): Promise<Order> {
  return api<Order>(`${paths[outcome]}${toQueryString({ sessionId })}`, { signal });
}

/**
 * Keyed by the session id like other single-use links (decision 022), so a page mounted twice
 * asks once. Per-person data: the key stays outside the public catalogue keys.
 */
export function checkoutOutcomeQueryOptions(outcome: CheckoutOutcome, sessionId: string) {
  return queryOptions({
    queryKey: checkoutKeys.outcome(outcome, sessionId),
    queryFn: ({ signal }) => getCheckoutOutcome(outcome, sessionId, signal),
    staleTime: 0,
    gcTime: 0,
    // The page explains a failure itself (unknown session, another customer's session).
    meta: { errorToast: false },
  });
}

export function useCheckoutOutcome(
  outcome: CheckoutOutcome,
  sessionId: string | undefined,
  {
    refetchInterval,
  }: {
    /** Asks again while it answers a number (ms); `answers` counts the answers so far. */
    refetchInterval?: (order: Order | undefined, answers: number) => number | false;
  } = {},
) {
  const options = checkoutOutcomeQueryOptions(outcome, sessionId ?? '');
  const queryClient = useQueryClient();
  const result = useQuery({
    ...options,
    enabled: sessionId !== undefined,
    refetchInterval: refetchInterval
      ? (query) => refetchInterval(query.state.data, query.state.dataUpdateCount)
      : false,
  });
  // How many answers arrived so far (the result re-renders on each), for "we stopped asking".
  const answers = queryClient.getQueryState(options.queryKey)?.dataUpdateCount ?? 0;
  return { ...result, answers };
}
