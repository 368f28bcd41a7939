import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '@bookshop/contracts/cart';
import { api } from '../../../lib/api-client.ts';
import { cartKeys } from '../../../lib/query-keys.ts';

/** `GET v1/cart`: the signed-in customer's cart with its totals. */
export function getCart(signal?: AbortSignal): Promise<Cart> {
  return api<Cart>('v1/cart', { signal });
}

export function cartQueryOptions() {
  return queryOptions({ queryKey: cartKeys.all, queryFn: ({ signal }) => getCart(signal) });
}

/** The server cart; `enabled` is false for guests, whose cart lives in the browser. */
export function useCart({ enabled = true, fresh = false }: { enabled?: boolean; fresh?: boolean } = {}) {
  // The cart page asks for a fresh copy so stock and price flags are current before checkout.
  return useQuery({ ...cartQueryOptions(), enabled, ...(fresh && { refetchOnMount: 'always' as const }) });
}
