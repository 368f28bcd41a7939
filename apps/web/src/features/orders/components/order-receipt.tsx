import type { Order } from '@bookshop/contracts/orders';
import { OrderSummaryLines, OrderTotals } from '../../../ui/order-summary.tsx';

/** Lines and totals of a placed order (order page, checkout success page). */
export function OrderReceipt({ order }: { order: Order }) {
  return (
    <div className="grid gap-4">
      <OrderSummaryLines
        label="Books in this order"
        lines={order.items}
        lineKey={(item) => item.bookId}
        bookCover={(item) => item.imageUrl || null}
      />
      <OrderTotals amounts={order} deliveryLabel={`Delivery (${order.deliveryMethod.name})`} />
    </div>
  );
}
