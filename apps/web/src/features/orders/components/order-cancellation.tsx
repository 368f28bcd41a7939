import type { Order, RefundStatus } from '@bookshop/contracts/orders';
import { useT, type MessageId } from '../../../lib/i18n/i18n.tsx';
import { useOrderWords } from '../lib/order-words.tsx';
import { orderCard } from './order-details.tsx';

type Audience = 'staff' | 'customer';

// Staff act on the refund's state; the customer wants to know where their money is. The admin
// area is English only (decision 089), so only the customer's words are in the catalogue.
const STAFF_REFUND_LABELS: Record<RefundStatus, string> = {
  pending: 'Refund requested from the payment provider',
  refunded: 'Refunded',
  failed: 'Refund failed: it is retried; check the payment provider',
};
const STAFF_NOT_PAID = 'None: the order was not paid';

const CUSTOMER_REFUND_LABELS: Record<RefundStatus, MessageId> = {
  pending: 'orders.refund.pending',
  refunded: 'orders.refund.refunded',
  failed: 'orders.refund.failed',
};

function refundText(t: ReturnType<typeof useT>, audience: Audience, status: RefundStatus | null): string {
  if (audience === 'staff') return status ? STAFF_REFUND_LABELS[status] : STAFF_NOT_PAID;
  return t(status ? CUSTOMER_REFUND_LABELS[status] : 'orders.refund.notPaid');
}

/** Why the shop cancelled an order and what happened to the money (decision 033), for staff or its customer. */
export function OrderCancellation({ order, audience }: { order: Order; audience: Audience }) {
  const { t, cancelReason } = useOrderWords();
  if (!order.cancelReason && !order.refundStatus) return null;
  return (
    <section aria-labelledby="order-cancellation-title" className={orderCard}>
      <h2 id="order-cancellation-title" className="text-lg font-bold text-stone-900">
        {t('orders.cancellation.title')}
      </h2>
      <dl className="grid gap-2 sm:grid-cols-[10rem_1fr]">
        {order.cancelReason && (
          <>
            <dt className="font-semibold text-stone-700">{t('orders.cancellation.reason')}</dt>
            <dd className="break-words">{cancelReason(order.cancelReason)}</dd>
          </>
        )}
        <dt className="font-semibold text-stone-700">{t('orders.cancellation.refund')}</dt>
        <dd>{refundText(t, audience, order.refundStatus)}</dd>
      </dl>
    </section>
  );
}
