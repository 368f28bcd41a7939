import { lazy, Suspense, useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAddresses } from '../features/addresses/api/get-addresses.ts';
import { useCart } from '../features/cart/api/get-cart.ts';
import { CheckoutCancelPage } from '../features/checkout/pages/checkout-cancel-page.tsx';
import { CheckoutPage } from '../features/checkout/pages/checkout-page.tsx';
import { CheckoutSuccessPage } from '../features/checkout/pages/checkout-success-page.tsx';
import { OrderReceipt } from '../features/orders/components/order-receipt.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { cartKeys, customerOrderKeys } from '../lib/query-keys.ts';

const CheckoutAddressForm = lazy(() =>
  import('./checkout-address-form.tsx').then((m) => ({ default: m.CheckoutAddressForm })),
);

/** /checkout: the server cart (fresh, so stock and price flags are current) and the saved addresses. */
export function CheckoutRoute() {
  const cart = useCart({ fresh: true });
  const addresses = useAddresses();
  const t = useT();
  return (
    <CheckoutPage
      cart={cart}
      addresses={addresses}
      renderNewAddressForm={(props) => (
        <Suspense fallback={<Spinner label={t('checkout.loadingAddressForm')} />}>
          <CheckoutAddressForm {...props} />
        </Suspense>
      )}
    />
  );
}

/**
 * An order changed (paid, or cancelled): the purchased lines leave the cart, and the orders list
 * and the order's own page are stale (spec section 4: placing an order refreshes the list).
 */
function useOrderChanged() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    void queryClient.invalidateQueries({ queryKey: customerOrderKeys.all });
  }, [queryClient]);
}

export function CheckoutSuccessRoute() {
  return (
    <CheckoutSuccessPage renderReceipt={(order) => <OrderReceipt order={order} />} onOrderChanged={useOrderChanged()} />
  );
}

export function CheckoutCancelRoute() {
  return <CheckoutCancelPage onOrderChanged={useOrderChanged()} />;
}
