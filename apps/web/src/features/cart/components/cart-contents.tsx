import { useState, type ReactNode } from 'react';
import type { Cart } from '@bookshop/contracts/cart';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { CartLine, type CartLineControls } from './cart-line.tsx';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { OrderSummary } from './order-summary.tsx';

type CartContentsProps = {
  cart: Cart;
  controls: CartLineControls;
  onClear: () => void;
  clearing: boolean;
  renderCheckout: (blockedReasonId: string | undefined) => ReactNode;
  note?: ReactNode;
};

/** The lines of a non-empty cart beside its summary; the same for guests and customers. */
export function CartContents({ cart, controls, onClear, clearing, renderCheckout, note }: CartContentsProps) {
  const [confirmingClear, setConfirmingClear] = useState(false);
  const t = useT();
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-label={t('cart.lines')} className="grid content-start gap-2">
        <ul className="divide-y divide-stone-200 border-y border-stone-200">
          {cart.items.map((item) => (
            <CartLine key={item.id} item={item} controls={controls} />
          ))}
        </ul>
        <Button
          variant="ghost"
          size="sm"
          className="justify-self-start text-red-800! hover:bg-red-50!"
          pending={clearing}
          disabled={controls.busy}
          onClick={() => setConfirmingClear(true)}
        >
          {t('cart.clear')}
        </Button>
      </section>
      <OrderSummary
        totals={cart}
        renderCheckout={renderCheckout}
        note={note}
        repriced={cart.items.some((item) => item.isPriceChanged)}
      />
      {confirmingClear && (
        <ConfirmDialog
          title={t('cart.clearTitle')}
          description={t('cart.clearDescription')}
          cancelLabel={t('cart.keepBooks')}
          confirmLabel={t('cart.clear')}
          onConfirm={onClear}
          onClose={() => setConfirmingClear(false)}
        />
      )}
    </div>
  );
}
