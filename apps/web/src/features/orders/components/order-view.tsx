import type { ReactNode } from 'react';
import type { Shipment } from '@bookshop/contracts/fulfilment';
import type { Order } from '@bookshop/contracts/orders';
import { FulfilmentBadge } from './fulfilment-badge.tsx';
import { OrderDelivery, OrderHistory, orderCard } from './order-details.tsx';
import { OrderDocuments } from './order-documents.tsx';
import { OrderReceipt } from './order-receipt.tsx';
import { OrderShipments } from './order-shipments.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { TestModeBadge } from './test-mode-badge.tsx';
import { useOrderWords } from '../lib/order-words.tsx';

/** The storefront's headings are serif, the admin area's bold sans. */
const TITLE_STYLES = { storefront: 'font-serif font-semibold', admin: 'font-bold' } as const;

type OrderViewProps = {
  order: Order;
  area: keyof typeof TITLE_STYLES;
  /** The link back to the list the reader came from. */
  back: ReactNode;
  /** Beside the title, e.g. staff's Cancel order. */
  actions?: ReactNode;
  /** Between the title and the books, e.g. the cancellation staff see. */
  notice?: ReactNode;
  /** Above delivery and history in the side column, e.g. the customer staff see. */
  aside?: ReactNode;
  /** Beside each parcel, e.g. staff's 'Mark as delivered'. */
  shipmentAction?: (shipment: Shipment) => ReactNode;
};

/**
 * One placed order as its owner (/orders/:id) and staff (/admin/dashboard/orders/:id) read it:
 * number, status and dates, its progress and parcels, the books with the totals, delivery and the
 * status history. Each
 * page adds what only it shows through the slots.
 */
export function OrderView({ order, area, back, actions, notice, aside, shipmentAction }: OrderViewProps) {
  const { t, rich, dateTime } = useOrderWords();
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        {back}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className={`flex flex-wrap items-center gap-3 text-3xl text-stone-900 ${TITLE_STYLES[area]}`}>
              {t('orders.order.title', { number: order.orderNumber })} <OrderStatusBadge order={order} />
              {/* Staff must not ship a sandbox order as sold; its customer sees the shop's ribbon. */}
              {area === 'admin' && <TestModeBadge order={order} />}
            </h1>
            <FulfilmentBadge order={order} />
          </div>
          {actions}
        </div>
        <p className="text-stone-700">
          {rich('orders.order.placed', 'date', <time dateTime={order.createdAt}>{dateTime(order.createdAt)}</time>)}
          {order.paidAt && (
            <>
              {' · '}
              {rich('orders.order.paid', 'date', <time dateTime={order.paidAt}>{dateTime(order.paidAt)}</time>)}
            </>
          )}
        </p>
      </div>

      {notice}

      <OrderTimeline order={order} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid content-start gap-6">
          <section aria-labelledby="order-items-title" className={orderCard}>
            <h2 id="order-items-title" className="text-lg font-bold text-stone-900">
              {t('orders.order.books')}
            </h2>
            <OrderReceipt order={order} />
          </section>
          <OrderShipments order={order} action={shipmentAction} />
        </div>

        <div className="grid content-start gap-6">
          {aside}
          <OrderDocuments order={order} />
          <OrderDelivery order={order} />
          <OrderHistory order={order} />
        </div>
      </div>
    </div>
  );
}
