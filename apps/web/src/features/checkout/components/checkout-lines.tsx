import type { CartItem } from '@bookshop/contracts/cart';
import { formatPrice } from '../../../lib/format.ts';

/** The books about to be bought: title, unit price with its discount, quantity and line total. */
export function CheckoutLines({ items }: { items: CartItem[] }) {
  return (
    <ul aria-label="Books in your order" className="divide-y divide-stone-200 border-y border-stone-200">
      {items.map((item) => (
        <li key={item.id} aria-label={item.title} className="grid grid-cols-[minmax(0,1fr)_auto] gap-3 py-3 text-sm">
          <div className="grid min-w-0 gap-0.5">
            <p className="font-semibold break-words text-stone-900">{item.title}</p>
            <p className="text-stone-700 tabular-nums">
              {item.discountPercentage > 0 ? (
                <>
                  <span className="sr-only">Original price </span>
                  <s className="text-stone-500">{formatPrice(item.price)}</s> <span className="sr-only">, now </span>
                  <span className="font-semibold text-rose-700">{formatPrice(item.discountedPrice)}</span>{' '}
                  <span className="text-xs text-rose-800">(−{item.discountPercentage}%)</span>
                </>
              ) : (
                formatPrice(item.price)
              )}{' '}
              × {item.quantity}
            </p>
          </div>
          <p className="font-semibold text-stone-900 tabular-nums">
            <span className="sr-only">Line total </span>
            {formatPrice(item.lineTotal)}
          </p>
        </li>
      ))}
    </ul>
  );
}
