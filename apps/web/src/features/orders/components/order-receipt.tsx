import type { Order } from '@bookshop/contracts/orders';
import { OrderSummaryLines, OrderTotals } from '../../../ui/order-summary.tsx';
import { useOrderWords } from '../lib/order-words.tsx';

/** Lines and totals of a placed order (order page, checkout success page). */
export function OrderReceipt({ order }: { order: Order }) {
  const { t, name } = useOrderWords();
  return (
    <div className="grid gap-4">
      <OrderSummaryLines
        label={t('orders.receipt.lines')}
        lines={order.items}
        lineKey={(item) => item.bookId}
        bookCover={(item) => item.imageUrl || null}
      />
      <OrderTotals
        amounts={order}
        deliveryLabel={t('orders.receipt.delivery', { method: name(order.deliveryMethod.name) })}
      />
    </div>
  );
}
