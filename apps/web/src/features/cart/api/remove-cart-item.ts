import type { Cart, RemoveCartItem } from '@bookshop/contracts/cart';
import { api } from '../../../lib/api-client.ts';
import { useCartMutation } from './cart-mutation.ts';

/** `DELETE v1/cart/delete-item`: removes a whole line. */
export function removeCartItem(body: RemoveCartItem): Promise<Cart> {
  return api<Cart>('v1/cart/delete-item', { method: 'DELETE', body });
}

export function useRemoveCartItem() {
  return useCartMutation(removeCartItem);
}
