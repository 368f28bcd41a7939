import type { Order, RefundStatus } from '@bookshop/contracts/orders';
import { orderCard } from './order-details.tsx';

type Audience = 'staff' | 'customer';

// Staff act on the refund's state; the customer wants to know where their money is.
const REFUND_LABELS: Record<Audience, Record<RefundStatus, string>> = {
  staff: {
    pending: 'Refund requested from the payment provider',
    refunded: 'Refunded',
    failed: 'Refund failed: it is retried; check the payment provider',
  },
  customer: {
    pending: 'Your refund is on its way to your card',
    refunded: 'Refunded in full to your card',
    failed: 'Your refund is delayed: we are retrying it and will write to you',
  },
};

const NOT_PAID: Record<Audience, string> = {
  staff: 'None: the order was not paid',
  customer: 'Nothing to refund: the order was not paid',
};

/** Why the shop cancelled an order and what happened to the money (decision 033), for staff or its customer. */
export function OrderCancellation({ order, audience }: { order: Order; audience: Audience }) {
  if (!order.cancelReason && !order.refundStatus) return null;
  return (
    <section aria-labelledby="order-cancellation-title" className={orderCard}>
      <h2 id="order-cancellation-title" className="text-lg font-bold text-stone-900">
        Cancellation
      </h2>
      <dl className="grid gap-2 sm:grid-cols-[10rem_1fr]">
        {order.cancelReason && (
          <>
            <dt className="font-semibold text-stone-700">Reason</dt>
            <dd className="break-words">{order.cancelReason}</dd>
          </>
        )}
        <dt className="font-semibold text-stone-700">Refund</dt>
        <dd>{order.refundStatus ? REFUND_LABELS[audience][order.refundStatus] : NOT_PAID[audience]}</dd>
      </dl>
    </section>
  );
}
