import { Link } from 'react-router';
import type { Order } from '@bookshop/contracts/orders';
import { bookPath } from '@bookshop/contracts/routes';
import { formatPrice } from '../../../lib/format.ts';
import { BookThumbnail } from '../../../ui/book-thumbnail.tsx';
import { OrderTotals } from '../../../ui/order-totals.tsx';

/** The books of an order as they were bought: unit price (with the discount), quantity, line total. */
export function OrderLines({ order }: { order: Pick<Order, 'items'> }) {
  return (
    <ul aria-label="Books in this order" className="divide-y divide-stone-200 border-y border-stone-200">
      {order.items.map((item) => (
        <li
          key={item.bookId}
          aria-label={item.title}
          className="grid grid-cols-[3.5rem_minmax(0,1fr)_auto] items-start gap-3 py-3"
        >
          <BookThumbnail href={bookPath(item.title)} imageUrl={item.imageUrl || null} />
          <div className="grid min-w-0 gap-0.5 text-sm">
            <Link to={bookPath(item.title)} className="font-semibold break-words text-stone-900 hover:underline">
              {item.title}
            </Link>
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
          <p className="text-sm font-semibold text-stone-900 tabular-nums">
            <span className="sr-only">Line total </span>
            {formatPrice(item.lineTotal)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Lines and totals of a placed order (order page, checkout success page). */
export function OrderReceipt({ order }: { order: Order }) {
  return (
    <div className="grid gap-4">
      <OrderLines order={order} />
      <OrderTotals amounts={order} deliveryLabel={`Delivery (${order.deliveryMethod.name})`} />
    </div>
  );
}
