import { useGuestCartCount } from '../features/cart/guest-cart.ts';

export type CartSummary = { count: number; loading: boolean };

/**
 * What the header's cart badge shows. The guest cart is read synchronously, so it is never
 * loading; the server cart of logged-in customers (later issue) will report loading here.
 */
export function useCartSummary(): CartSummary {
  return { count: useGuestCartCount(), loading: false };
}
