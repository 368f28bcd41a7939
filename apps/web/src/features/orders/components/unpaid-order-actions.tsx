import { useState } from 'react';
import { OrderStatus } from '@bookshop/contracts/enums';
import { SHIPPED_FULFILMENT_STATUSES } from '@bookshop/contracts/fulfilment';
import { CancelReasons, OrderMessages, type Order } from '@bookshop/contracts/orders';
import { formatPrice, formatTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useCancelOrder } from '../api/cancel-order.ts';
import { usePayNow } from '../api/get-payment-session.ts';

/** What a cash-on-delivery order still owes, paid to the courier. */
const cashNotice = (order: Order) =>
  `Cash on delivery: pay the courier ${formatPrice(order.total)} when your books arrive.`;

/** A Pending order whose copies are no longer held: the expiry job is about to cancel it. */
const isPastItsTime = (order: Order, now: number) =>
  order.expiresAt !== null && new Date(order.expiresAt).getTime() <= now;

/**
 * A Pending order's way forward, on /account and /orders/:id (decision 072): 'Pay now' goes back
 * to its payment page while it lasts, 'Cancel' asks first, then releases the copies. Past its 30
 * minutes it says why it can no longer be paid. Nothing for any other order.
 */
export function UnpaidOrderActions({ order, inList = false }: { order: Order; inList?: boolean }) {
  const payNow = usePayNow();
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState(false);
  if (order.status !== OrderStatus.Pending) return null;
  // In a list, each button also names its order for screen readers (WCAG 2.4.6).
  const which = inList ? <span className="sr-only"> order {order.orderNumber}</span> : null;

  if (isPastItsTime(order, Date.now())) {
    return <p className="text-sm text-stone-700">{CancelReasons.expired}.</p>;
  }
  // Cash on delivery (decision 081): nothing to pay online; it can be cancelled until it ships.
  const cash = order.paymentMethod === 'cod';
  if (cash && SHIPPED_FULFILMENT_STATUSES.includes(order.fulfilmentStatus)) {
    return <p className="text-sm text-stone-700">{cashNotice(order)}</p>;
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      {cash ? (
        <p className="text-sm text-stone-700">{cashNotice(order)}</p>
      ) : (
        <p className="text-sm text-stone-700">
          Awaiting payment: your books are held until{' '}
          <time dateTime={order.expiresAt!}>{formatTime(order.expiresAt!)}</time>.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {!cash && (
          <Button
            size="sm"
            pending={payNow.isPending}
            disabled={cancel.isPending}
            onClick={() => payNow.mutate(order.id)}
          >
            Pay now{which}
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          pending={cancel.isPending}
          disabled={payNow.isPending}
          onClick={() => setConfirming(true)}
        >
          Cancel{which}
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={`Cancel order ${order.orderNumber}?`}
          description="The books held for it go back on sale and its payment page closes. Your cart is kept."
          cancelLabel="Keep Order"
          confirmLabel="Cancel Order"
          onConfirm={() => cancel.mutate(order.id, { onSuccess: () => toast.success(OrderMessages.cancelled) })}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
