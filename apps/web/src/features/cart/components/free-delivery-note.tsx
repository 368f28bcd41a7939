import { FREE_DELIVERY_THRESHOLD_FILS } from '@bookshop/contracts/constants';
import { filsToAed } from '@bookshop/contracts/money';
import { useFormat } from '../../../lib/i18n/format.ts';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { BarFill } from '../../../ui/bar-fill.tsx';
import { TruckIcon } from '../../../ui/icons.tsx';

const threshold = filsToAed(FREE_DELIVERY_THRESHOLD_FILS);

/**
 * Spec section 1: free delivery on orders over 150 AED. `amountToFreeDelivery` is the smallest
 * amount that makes it free (decision 011), computed by the same rule for server and guest carts.
 */
export function FreeDeliveryNote({ total, amountToFreeDelivery }: { total: number; amountToFreeDelivery: number }) {
  const free = amountToFreeDelivery <= 0;
  const t = useT();
  const { price: formatPrice } = useFormat();
  const progress = free ? 100 : Math.min(100, Math.round((total / threshold) * 100));
  return (
    <div
      className={`grid gap-2 rounded-lg p-3 text-sm ${free ? 'bg-emerald-50 text-emerald-950' : 'bg-stone-100 text-stone-900'}`}
    >
      <p className="flex items-start gap-2">
        <TruckIcon className="mt-0.5 size-5 shrink-0" />
        {free ? (
          <span>{t('cart.freeDelivery')}</span>
        ) : (
          <span>
            {t('cart.addMore')} <strong>{formatPrice(amountToFreeDelivery)}</strong>{' '}
            {t('cart.addMoreRest', { threshold: formatPrice(threshold) })}
          </span>
        )}
      </p>
      <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-white">
        <BarFill
          to={progress}
          radius={3}
          fill={free ? 'fill-emerald-600' : 'fill-brand'}
          // Right to left, the bar fills from the right (decision 089).
          className="block h-full w-full rtl:-scale-x-100"
        />
      </div>
    </div>
  );
}
