import type { Order } from '@bookshop/contracts/orders';
import { countryName } from '@bookshop/contracts/country-name';
import type { Locale } from '../../../lib/i18n/locale.ts';
import { useOrderWords } from '../lib/order-words.tsx';

export const orderCard = 'grid content-start gap-3 rounded-xl border border-stone-200 bg-white p-5';

let arabicRegions: Intl.DisplayNames | undefined;

/** 'United Arab Emirates', or 'الإمارات العربية المتحدة' on Arabic pages (made on first use). */
function countryIn(locale: Locale, code: string): string {
  if (locale === 'en') return countryName(code);
  try {
    return (arabicRegions ??= new Intl.DisplayNames(['ar'], { type: 'region' })).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Delivery method and the address snapshot of an order. */
export function OrderDelivery({ order }: { order: Pick<Order, 'deliveryMethod' | 'address'> }) {
  const { t, name, rich, locale } = useOrderWords();
  return (
    <section aria-labelledby="order-delivery-title" className={orderCard}>
      <h2 id="order-delivery-title" className="text-lg font-bold text-stone-900">
        {t('orders.delivery.title')}
      </h2>
      <p className="text-stone-800">{name(order.deliveryMethod.name)}</p>
      <address className="grid gap-0.5 text-stone-800 not-italic">
        {order.address.recipientName && (
          // Whom the courier hands the parcel to (decision 079).
          <span className="text-stone-600">
            {rich(
              'orders.delivery.for',
              'name',
              <span className="font-semibold text-stone-900">{order.address.recipientName}</span>,
            )}
          </span>
        )}
        <span className="font-semibold text-stone-900">{order.address.address}</span>
        <span>
          {order.address.city}
          {order.address.zipCode && ` ${order.address.zipCode}`}
          {order.address.emirate &&
            order.address.emirate !== order.address.city &&
            `${locale === 'ar' ? '، ' : ', '}${order.address.emirate}`}
        </span>
        <span>{countryIn(locale, order.address.country)}</span>
        <span className="text-sm text-stone-600" dir="ltr">
          {order.address.phoneNo}
        </span>
      </address>
    </section>
  );
}

/** Each status the order went through, oldest first, on the shop's 12-hour clock. */
export function OrderHistory({ order }: { order: Pick<Order, 'history'> }) {
  const { t, name, dateTime } = useOrderWords();
  return (
    <section aria-labelledby="order-history-title" className={orderCard}>
      <h2 id="order-history-title" className="text-lg font-bold text-stone-900">
        {t('orders.history.title')}
      </h2>
      <ol className="grid gap-2 border-s-2 border-stone-200 ps-4">
        {order.history.map((entry) => (
          <li key={`${entry.status ?? entry.event}-${entry.shipmentId ?? ''}-${entry.at}`} className="grid text-sm">
            <span className="font-semibold text-stone-900">{name(entry.statusName)}</span>
            <time dateTime={entry.at} className="text-stone-700">
              {dateTime(entry.at)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
