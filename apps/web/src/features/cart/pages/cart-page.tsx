import { useMemo, type ReactNode } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { CartItem } from '@bookshop/contracts/cart';
import { Messages } from '@bookshop/contracts/messages';
import { Routes } from '@bookshop/contracts/routes';
import { Button, buttonClasses } from '../../../ui/button.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useClearCart } from '../api/clear-cart.ts';
import { useCart } from '../api/get-cart.ts';
import { useRemoveCartItem } from '../api/remove-cart-item.ts';
import { useUpdateCartItem } from '../api/update-cart-item.ts';
import { CartContents } from '../components/cart-contents.tsx';
import { EmptyCart } from '../components/empty-cart.tsx';
import { guestCart, useGuestCart } from '../guest-cart.ts';
import { guestCartView } from '../lib/cart-view.ts';
import { cartKeys } from '../../../lib/query-keys.ts';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { problemBody } from '../../../lib/problem-body.ts';

/**
 * /cart (public, spec section 2). A logged-in customer sees the server cart; anyone else the cart
 * kept in this browser, which moves to the server cart at login (decision 010).
 */
export function CartPage({ customer }: { customer: boolean }) {
  const t = useT();
  useDocumentTitle(t('cart.title'));
  return (
    <div className="grid gap-6 py-6">
      <h1 className="font-serif text-3xl font-semibold text-stone-900">{t('cart.heading')}</h1>
      {customer ? <ServerCart /> : <BrowserCart />}
    </div>
  );
}

function ServerCart() {
  const t = useT();
  const cart = useCart({ fresh: true });
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const clear = useClearCart();
  const busy = useIsMutating({ mutationKey: cartKeys.change }) > 0;

  if (cart.isPending) return <Spinner label="Loading your cart" className="size-8" />;
  if (cart.isError) {
    return <LoadError placement="page" onRetry={() => cart.refetch()} />;
  }
  if (cart.data.items.length === 0) return <EmptyCart />;

  const pendingBookId = update.isPending
    ? update.variables.bookId
    : remove.isPending
      ? remove.variables.bookId
      : undefined;
  return (
    <CartContents
      cart={cart.data}
      controls={{
        increase: (item) => update.mutate({ bookId: item.id, quantity: item.quantity + 1 }),
        // PUT with 0 drops the line, so "remove one" at one copy empties it (spec section 4).
        decrease: (item) => update.mutate({ bookId: item.id, quantity: item.quantity - 1 }),
        remove: (item) => remove.mutate({ bookId: item.id }),
        // Setting the same quantity records today's price, which clears the flag (decision 010).
        acceptPrice: (item) => update.mutate({ bookId: item.id, quantity: item.quantity }),
        busy,
        pendingBookId,
      }}
      onClear={() => clear.mutate()}
      clearing={clear.isPending}
      renderCheckout={(blockedReasonId) =>
        blockedReasonId ? (
          <Button size="lg" disabled aria-describedby={blockedReasonId}>
            {t('cart.checkout')}
          </Button>
        ) : (
          <Link to={Routes.checkout} className={buttonClasses({ size: 'lg' })}>
            {t('cart.checkout')}
          </Link>
        )
      }
    />
  );
}

/** After login the visitor comes back to checkout, with this cart merged into theirs. */
const checkoutOrigin = { from: { pathname: Routes.checkout, search: '', hash: '' } };

function BrowserCart() {
  const stored = useGuestCart();
  const cart = useMemo(() => guestCartView(stored), [stored]);
  if (cart.items.length === 0) return <EmptyCart />;

  const increase = (item: CartItem) => {
    try {
      guestCart.increment(item.id);
    } catch (error) {
      toast.error(Messages.addToCartFailed, problemBody(error));
    }
  };
  const note: ReactNode = (
    <p className="text-sm text-stone-600">
      Log in to check out. The books in this cart are added to your account&apos;s cart.
    </p>
  );
  return (
    <CartContents
      cart={cart}
      controls={{
        increase,
        decrease: (item) => guestCart.remove(item.id),
        remove: (item) => guestCart.delete(item.id),
        busy: false,
        pendingBookId: undefined,
      }}
      onClear={() => guestCart.clear()}
      clearing={false}
      note={note}
      renderCheckout={(blockedReasonId) =>
        blockedReasonId ? (
          <Button size="lg" disabled aria-describedby={blockedReasonId}>
            Login to Checkout
          </Button>
        ) : (
          <Link to={Routes.login} state={checkoutOrigin} className={buttonClasses({ size: 'lg' })}>
            Login to Checkout
          </Link>
        )
      }
    />
  );
}
