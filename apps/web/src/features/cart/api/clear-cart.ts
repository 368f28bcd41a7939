import type { Cart } from '@bookshop/contracts/cart';
import { api } from '../../../lib/api-client.ts';
import { useCartMutation } from './cart-mutation.ts';

/** `DELETE v1/cart`: empties the cart. */
export function clearCart(): Promise<Cart> {
  return api<Cart>('v1/cart', { method: 'DELETE' });
}

export function useClearCart() {
  return useCartMutation(clearCart);
}
