import type { Cart, UpdateCartItem } from '@bookshop/contracts/cart';
import { api } from '../../../lib/api-client.ts';
import { useCartMutation } from './cart-mutation.ts';

/** `PUT v1/cart`: sets a line's quantity; 0 removes the line. */
export function updateCartItem(body: UpdateCartItem): Promise<Cart> {
  return api<Cart>('v1/cart', { method: 'PUT', body });
}

export function useUpdateCartItem() {
  return useCartMutation(updateCartItem);
}
