import { useRestoredUser } from '../features/auth/components/session-gate.tsx';
import { isCustomer } from '../features/auth/session/session-store.ts';
import { CartPage } from '../features/cart/pages/cart-page.tsx';
import { PageLoading } from '../ui/page-loading.tsx';

/** /cart (public): the server cart for a logged-in customer, else the cart kept in this browser. */
export function CartRoute() {
  const user = useRestoredUser();
  // Which cart it is depends on who is logged in: wait for the first-load refresh.
  if (user === undefined) return <PageLoading />;
  return <CartPage customer={isCustomer(user)} />;
}
