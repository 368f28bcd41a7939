import type { ReactNode } from 'react';
import type { Shipment } from '@bookshop/contracts/fulfilment';
import type { Order } from '@bookshop/contracts/orders';
import { useOrderWords } from '../lib/order-words.tsx';
import { orderCard } from './order-details.tsx';

/**
 * The order's parcels: carrier, tracking number and a 'Track your parcel' link to the carrier's
 * page, what each holds, when it left and arrived. Staff add their action per parcel.
 */
export function OrderShipments({
  order,
  action,
}: {
  order: Pick<Order, 'shipments' | 'items'>;
  /** Beside each parcel, e.g. staff's 'Mark as delivered'. */
  action?: (shipment: Shipment) => ReactNode;
}) {
  const { t, title, rich, dateTime } = useOrderWords();
  if (order.shipments.length === 0) return null;
  const titles = new Map(order.items.map((item) => [item.bookId, title(item)]));
  return (
    <section aria-labelledby="order-shipments-title" className={orderCard}>
      <h2 id="order-shipments-title" className="text-lg font-bold text-stone-900">
        {t('orders.shipments.title')}
      </h2>
      <ul className="grid gap-4">
        {order.shipments.map((shipment, i) => (
          <li
            key={shipment.id}
            aria-labelledby={`shipment-${shipment.id}-title`}
            className="grid gap-1 border-t border-stone-200 pt-3 text-sm first:border-t-0 first:pt-0"
          >
            <h3 id={`shipment-${shipment.id}-title`} className="font-semibold text-stone-900">
              {t('orders.shipments.parcel', {
                number: i + 1,
                carrier: shipment.carrierName,
                status: t(
                  shipment.status === 'delivered' ? 'orders.fulfilment.delivered' : 'orders.fulfilment.shipped',
                ),
              })}
            </h3>
            {shipment.trackingNumber && (
              <p className="text-stone-800">
                {t('orders.shipments.trackingNumber', { number: shipment.trackingNumber })}
              </p>
            )}
            <p className="text-stone-700">
              {rich(
                'orders.shipments.shipped',
                'date',
                <time dateTime={shipment.shippedAt}>{dateTime(shipment.shippedAt)}</time>,
              )}
              {shipment.deliveredAt && (
                <>
                  {' · '}
                  {rich(
                    'orders.shipments.delivered',
                    'date',
                    <time dateTime={shipment.deliveredAt}>{dateTime(shipment.deliveredAt)}</time>,
                  )}
                </>
              )}
            </p>
            <ul className="text-stone-800">
              {shipment.lines.map((line) => (
                <li key={line.bookId}>
                  {t('orders.line', {
                    quantity: line.quantity,
                    title: titles.get(line.bookId) ?? t('orders.line.unknownBook', { id: line.bookId }),
                  })}
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap items-center gap-3">
              {shipment.trackingUrl && (
                <a
                  href={shipment.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-brand underline-offset-2 hover:underline"
                >
                  {t('orders.shipments.track')}
                  <span className="sr-only">
                    {' '}
                    {t('orders.shipments.trackHint', { number: i + 1, carrier: shipment.carrierName })}
                  </span>
                </a>
              )}
              {action?.(shipment)}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
