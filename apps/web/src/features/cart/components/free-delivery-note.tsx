import { FREE_DELIVERY_THRESHOLD_FILS } from '@bookshop/contracts/constants';
import { filsToAed } from '@bookshop/contracts/money';
import { formatPrice } from '../../../lib/format.ts';
import { BarFill } from '../../../ui/bar-fill.tsx';
import { TruckIcon } from '../../../ui/icons.tsx';

const threshold = filsToAed(FREE_DELIVERY_THRESHOLD_FILS);

/**
 * Spec section 1: free delivery on orders over 150 AED. `amountToFreeDelivery` is the smallest
 * amount that makes it free (decision 011), computed by the same rule for server and guest carts.
 */
export function FreeDeliveryNote({ total, amountToFreeDelivery }: { total: number; amountToFreeDelivery: number }) {
  const free = amountToFreeDelivery <= 0;
  const progress = free ? 100 : Math.min(100, Math.round((total / threshold) * 100));
  return (
    <div
      className={`grid gap-2 rounded-lg p-3 text-sm ${free ? 'bg-emerald-50 text-emerald-950' : 'bg-stone-100 text-stone-900'}`}
    >
      <p className="flex items-start gap-2">
        <TruckIcon className="mt-0.5 size-5 shrink-0" />
        {free ? (
          <span>Your order qualifies for free standard delivery.</span>
        ) : (
          <span>
            Add <strong>{formatPrice(amountToFreeDelivery)}</strong> more to get free standard delivery on orders over{' '}
            {formatPrice(threshold)}.
          </span>
        )}
      </p>
      <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-white">
        <BarFill to={progress} radius={3} fill={free ? 'fill-emerald-600' : 'fill-brand'} />
      </div>
    </div>
  );
}
