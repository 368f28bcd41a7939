import { isCustomer, useCurrentUser } from '../features/auth/session/session-store.ts';
import { useCart } from '../features/cart/api/get-cart.ts';
import { useGuestCartCount } from '../features/cart/guest-cart.ts';

export type CartSummary = { count: number; loading: boolean };

/**
 * What the header's cart badge shows: the server cart's count for a logged-in customer (a
 * spinner while it loads; it is fetched on load and on login), else the cart kept in this browser.
 */
export function useCartSummary(): CartSummary {
  const customer = isCustomer(useCurrentUser());
  const guestCount = useGuestCartCount();
  const serverCart = useCart({ enabled: customer });
  if (!customer) return { count: guestCount, loading: false };
  return { count: serverCart.data?.itemCount ?? 0, loading: serverCart.isPending };
}
