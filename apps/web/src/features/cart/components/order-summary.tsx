import { useId, type ReactNode } from 'react';
import type { CartTotals } from '@bookshop/contracts/cart';
import { useFormat } from '../../../lib/i18n/format.ts';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { FreeDeliveryNote } from './free-delivery-note.tsx';

export const CANNOT_CHECKOUT_MESSAGE =
  'Some books in your cart are out of stock or short of copies. Delete them or lower their quantities to continue to checkout.';
export const PRICE_CHANGED_MESSAGE =
  'The price of some books changed since you added them. Accept the new price or delete them to continue to checkout.';

type OrderSummaryProps = {
  totals: CartTotals;
  /** The checkout control; receives the id of the explanation when checkout is blocked. */
  renderCheckout: (blockedReasonId: string | undefined) => ReactNode;
  note?: ReactNode;
  /** A line changed price since it was added: the customer confirms it before checkout (issue 8). */
  repriced?: boolean;
};

/** Subtotal, discount and total of the books, the free-delivery note and the way to checkout. */
export function OrderSummary({ totals, renderCheckout, note, repriced = false }: OrderSummaryProps) {
  const reasonId = useId();
  const blocked = !totals.canCheckout || repriced;
  const t = useT();
  const { price: formatPrice } = useFormat();
  return (
    <section
      aria-labelledby={`${reasonId}-title`}
      className="grid gap-4 self-start rounded-xl border border-stone-200 bg-white p-5 lg:sticky lg:top-20"
    >
      <h2 id={`${reasonId}-title`} className="text-lg font-bold text-stone-900">
        {t('cart.summary')}
      </h2>
      <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm tabular-nums">
        <dt className="text-stone-700">{t('cart.subtotal', { count: totals.itemCount })}</dt>
        <dd className="ps-4 text-end">{formatPrice(totals.subtotal)}</dd>
        <dt className="text-stone-700">{t('cart.discount')}</dt>
        <dd className={`ps-4 text-end ${totals.discountTotal > 0 ? 'text-rose-700' : ''}`}>
          {totals.discountTotal > 0 ? `− ${formatPrice(totals.discountTotal)}` : formatPrice(0)}
        </dd>
        <dt className="border-t border-stone-200 pt-2 text-base font-bold text-stone-900">{t('cart.total')}</dt>
        <dd className="border-t border-stone-200 ps-4 pt-2 text-end text-base font-bold text-stone-900">
          {formatPrice(totals.total)}
        </dd>
      </dl>
      <p className="text-xs text-stone-600">{t('cart.deliveryAtCheckout')}</p>
      <FreeDeliveryNote total={totals.total} amountToFreeDelivery={totals.amountToFreeDelivery} />
      {renderCheckout(blocked ? reasonId : undefined)}
      {blocked && (
        <div id={reasonId} className="grid gap-1 text-sm text-amber-900">
          {!totals.canCheckout && <p>{CANNOT_CHECKOUT_MESSAGE}</p>}
          {repriced && <p>{PRICE_CHANGED_MESSAGE}</p>}
        </div>
      )}
      {note}
    </section>
  );
}
