import { useState } from 'react';
import { OrderStatus } from '@bookshop/contracts/enums';
import { SHIPPED_FULFILMENT_STATUSES } from '@bookshop/contracts/fulfilment';
import { CancelReasons, type Order } from '@bookshop/contracts/orders';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useCancelOrder } from '../api/cancel-order.ts';
import { usePayNow } from '../api/get-payment-session.ts';
import { useOrderWords } from '../lib/order-words.tsx';

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
  const { t, price, time, rich, cancelReason } = useOrderWords();
  if (order.status !== OrderStatus.Pending) return null;
  // In a list, each button also names its order for screen readers (WCAG 2.4.6).
  const which = inList ? (
    <span className="sr-only">{t('orders.unpaid.which', { number: order.orderNumber })}</span>
  ) : null;
  /** What a cash-on-delivery order still owes, paid to the courier. */
  const cashNotice = t('orders.unpaid.cash', { total: price(order.total) });

  if (isPastItsTime(order, Date.now())) {
    return (
      <p className="text-sm text-stone-700">
        {t('orders.unpaid.expired', { reason: cancelReason(CancelReasons.expired) })}
      </p>
    );
  }
  // Cash on delivery (decision 081): nothing to pay online; it can be cancelled until it ships.
  const cash = order.paymentMethod === 'cod';
  if (cash && SHIPPED_FULFILMENT_STATUSES.includes(order.fulfilmentStatus)) {
    return <p className="text-sm text-stone-700">{cashNotice}</p>;
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      {cash ? (
        <p className="text-sm text-stone-700">{cashNotice}</p>
      ) : (
        <p className="text-sm text-stone-700">
          {rich('orders.unpaid.heldUntil', 'time', <time dateTime={order.expiresAt!}>{time(order.expiresAt!)}</time>)}
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
            {t('orders.unpaid.payNow')}
            {which}
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          pending={cancel.isPending}
          disabled={payNow.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('orders.unpaid.cancel')}
          {which}
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('orders.unpaid.confirmTitle', { number: order.orderNumber })}
          description={t('orders.unpaid.confirmText')}
          cancelLabel={t('orders.unpaid.keep')}
          confirmLabel={t('orders.unpaid.confirm')}
          onConfirm={() => cancel.mutate(order.id, { onSuccess: () => toast.success(t('orders.unpaid.cancelled')) })}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
