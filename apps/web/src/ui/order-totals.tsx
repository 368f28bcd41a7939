import { formatPrice } from '../lib/format.ts';

export type OrderAmounts = { itemsTotal: number; discountTotal: number; deliveryFee: number; total: number };

/** Items total, discount, delivery and what the card is charged, in 'Dhs'. */
export function OrderTotals({ amounts, deliveryLabel }: { amounts: OrderAmounts; deliveryLabel: string }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm tabular-nums">
      <dt className="text-stone-700">Items total</dt>
      <dd className="ps-4 text-end">{formatPrice(amounts.itemsTotal)}</dd>
      <dt className="text-stone-700">Discount</dt>
      <dd className={`ps-4 text-end ${amounts.discountTotal > 0 ? 'text-rose-700' : ''}`}>
        {amounts.discountTotal > 0 ? `− ${formatPrice(amounts.discountTotal)}` : formatPrice(0)}
      </dd>
      <dt className="text-stone-700">{deliveryLabel}</dt>
      <dd className="ps-4 text-end">{amounts.deliveryFee === 0 ? 'Free' : formatPrice(amounts.deliveryFee)}</dd>
      <dt className="border-t border-stone-200 pt-2 text-base font-bold text-stone-900">Total</dt>
      <dd className="border-t border-stone-200 ps-4 pt-2 text-end text-base font-bold text-stone-900">
        {formatPrice(amounts.total)}
      </dd>
    </dl>
  );
}
