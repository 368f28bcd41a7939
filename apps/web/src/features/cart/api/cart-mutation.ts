import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Cart } from '@bookshop/contracts/cart';
import { cartKeys, shippingFeeKeys } from '../../../lib/query-keys.ts';

/**
 * Cart changes run one after another (same mutation scope), so each answer is the newest cart
 * and can replace the cached one without a second request (decision 010).
 */
export const CART_MUTATION_SCOPE = { id: 'cart' } as const;

/** Writes the answer of a cart change to the cache; the delivery quote depends on the cart (decision 011). */
export function storeCart(queryClient: QueryClient, cart: Cart) {
  queryClient.setQueryData(cartKeys.all, cart);
  void queryClient.invalidateQueries({ queryKey: shippingFeeKeys.all });
}

export function useCartMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<Cart>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    mutationKey: cartKeys.change,
    scope: CART_MUTATION_SCOPE,
    onSuccess: (cart) => storeCart(queryClient, cart),
  });
}
