import { isCustomer, useCurrentUser } from '../features/auth/session/session-store.ts';
import { CartPage } from '../features/cart/pages/cart-page.tsx';

/** /cart (public): the server cart for a logged-in customer, else the cart kept in this browser. */
export function CartRoute() {
  return <CartPage customer={isCustomer(useCurrentUser())} />;
}
