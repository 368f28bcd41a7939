import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddToCart, Cart } from '@bookshop/contracts/cart';
import { api } from '../../../lib/api-client.ts';
import { CART_MUTATION_SCOPE, storeCart } from './cart-mutation.ts';
import { cartKeys } from '../../../lib/query-keys.ts';

/** `POST v1/cart`: adds copies of a book (default 1); 409 when the stock cannot cover the line. */
export function addToCart(body: AddToCart): Promise<Cart> {
  return api<Cart>('v1/cart', { method: 'POST', body });
}

/** Adding from a book card: the card shows the spec's own failure toast, so no generic one. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookId: number) => addToCart({ bookId, quantity: 1 }),
    mutationKey: cartKeys.change,
    scope: CART_MUTATION_SCOPE,
    meta: { errorToast: false },
    onSuccess: (cart) => storeCart(queryClient, cart),
  });
}
