import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '@bookshop/contracts/cart';
import { api } from '../../../lib/api-client.ts';

/** Every cart call answers the whole cart, so all of them write to this one cache entry. */
export const cartQueryKey = ['cart'] as const;

/** `GET v1/cart`: the signed-in customer's cart with its totals. */
export function getCart(signal?: AbortSignal): Promise<Cart> {
  return api<Cart>('v1/cart', { signal });
}

export function cartQueryOptions() {
  return queryOptions({ queryKey: cartQueryKey, queryFn: ({ signal }) => getCart(signal) });
}

/** The server cart; `enabled` is false for guests, whose cart lives in the browser. */
export function useCart({ enabled = true, fresh = false }: { enabled?: boolean; fresh?: boolean } = {}) {
  // The cart page asks for a fresh copy so stock and price flags are current before checkout.
  return useQuery({ ...cartQueryOptions(), enabled, ...(fresh && { refetchOnMount: 'always' as const }) });
}
