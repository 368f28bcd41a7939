import type { Order } from '@bookshop/contracts/orders';
import { countryName } from '@bookshop/contracts/country-name';
import { formatDateTime } from '../../../lib/format.ts';

export const orderCard = 'grid content-start gap-3 rounded-xl border border-stone-200 bg-white p-5';

/** Delivery method and the address snapshot of an order. */
export function OrderDelivery({ order }: { order: Pick<Order, 'deliveryMethod' | 'address'> }) {
  return (
    <section aria-labelledby="order-delivery-title" className={orderCard}>
      <h2 id="order-delivery-title" className="text-lg font-bold text-stone-900">
        Delivery
      </h2>
      <p className="text-stone-800">{order.deliveryMethod.name}</p>
      <address className="grid gap-0.5 text-stone-800 not-italic">
        {order.address.recipientName && (
          // Whom the courier hands the parcel to (decision 079).
          <span>
            <span className="text-stone-600">For </span>
            <span className="font-semibold text-stone-900">{order.address.recipientName}</span>
          </span>
        )}
        <span className="font-semibold text-stone-900">{order.address.address}</span>
        <span>
          {order.address.city}
          {order.address.zipCode && ` ${order.address.zipCode}`}
          {order.address.emirate && order.address.emirate !== order.address.city && `, ${order.address.emirate}`}
        </span>
        <span>{countryName(order.address.country)}</span>
        <span className="text-sm text-stone-600">{order.address.phoneNo}</span>
      </address>
    </section>
  );
}

/** Each status the order went through, oldest first, en-GB 12-hour. */
export function OrderHistory({ order }: { order: Pick<Order, 'history'> }) {
  return (
    <section aria-labelledby="order-history-title" className={orderCard}>
      <h2 id="order-history-title" className="text-lg font-bold text-stone-900">
        Status history
      </h2>
      <ol className="grid gap-2 border-s-2 border-stone-200 ps-4">
        {order.history.map((entry) => (
          <li key={`${entry.status ?? entry.event}-${entry.shipmentId ?? ''}-${entry.at}`} className="grid text-sm">
            <span className="font-semibold text-stone-900">{entry.statusName}</span>
            <time dateTime={entry.at} className="text-stone-700">
              {formatDateTime(entry.at)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
