import type { ReactNode } from 'react';
import type { Shipment } from '@bookshop/contracts/fulfilment';
import type { Order } from '@bookshop/contracts/orders';
import { formatDateTime } from '../../../lib/format.ts';
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
  if (order.shipments.length === 0) return null;
  const titles = new Map(order.items.map((item) => [item.bookId, item.title]));
  return (
    <section aria-labelledby="order-shipments-title" className={orderCard}>
      <h2 id="order-shipments-title" className="text-lg font-bold text-stone-900">
        Shipments
      </h2>
      <ul className="grid gap-4">
        {order.shipments.map((shipment, i) => (
          <li
            key={shipment.id}
            aria-labelledby={`shipment-${shipment.id}-title`}
            className="grid gap-1 border-t border-stone-200 pt-3 text-sm first:border-t-0 first:pt-0"
          >
            <h3 id={`shipment-${shipment.id}-title`} className="font-semibold text-stone-900">
              Parcel {i + 1} · {shipment.carrierName} · {shipment.status === 'delivered' ? 'Delivered' : 'Shipped'}
            </h3>
            {shipment.trackingNumber && <p className="text-stone-800">Tracking number: {shipment.trackingNumber}</p>}
            <p className="text-stone-700">
              Shipped <time dateTime={shipment.shippedAt}>{formatDateTime(shipment.shippedAt)}</time>
              {shipment.deliveredAt && (
                <>
                  {' · '}Delivered <time dateTime={shipment.deliveredAt}>{formatDateTime(shipment.deliveredAt)}</time>
                </>
              )}
            </p>
            <ul className="text-stone-800">
              {shipment.lines.map((line) => (
                <li key={line.bookId}>
                  {line.quantity} × {titles.get(line.bookId) ?? `Book ${line.bookId}`}
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
                  Track your parcel
                  <span className="sr-only">
                    {' '}
                    {i + 1} with {shipment.carrierName} (opens a new tab)
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
