import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { OrderStatus } from '@bookshop/contracts/enums';
import { Messages } from '@bookshop/contracts/messages';
import { OrderMessages, type RefundStatus } from '@bookshop/contracts/orders';
import { Routes } from '@bookshop/contracts/routes';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useStaffOrder } from '../api/get-staff-order.ts';
import { CancelOrderDialog } from '../components/cancel-order-dialog.tsx';
import { OrderDelivery, OrderHistory, orderCard } from '../components/order-details.tsx';
import { OrderReceipt } from '../components/order-receipt.tsx';
import { OrderStatusBadge } from '../components/order-status-badge.tsx';

const validId = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
};

const REFUND_LABELS: Record<RefundStatus, string> = {
  pending: 'Refund requested from the payment provider',
  refunded: 'Refunded',
  failed: 'Refund failed: it is retried; check the payment provider',
};

const CANCELLABLE: readonly number[] = [OrderStatus.Pending, OrderStatus.Completed];

type AdminOrderPageProps = { /** orders:manage: the Cancel order button shows. */ canCancel: boolean };

/** /admin/dashboard/orders/:id (orders:view): one order with its customer, lines, delivery and history. */
export function AdminOrderPage({ canCancel }: AdminOrderPageProps) {
  const id = validId(useParams().id);
  const order = useStaffOrder(id ?? 0, { enabled: id !== undefined });
  const [cancelling, setCancelling] = useState(false);
  const notFound = id === undefined || (order.error instanceof ApiError && order.error.status === 404);
  useDocumentTitle(order.data ? `Order ${order.data.orderNumber}` : 'Order');

  const back = (
    <Link to={Routes.adminOrders} className="text-sm font-semibold text-brand hover:underline">
      ← Back to orders
    </Link>
  );
  if (notFound) {
    return (
      <div className="grid justify-items-start gap-3">
        {back}
        <h1 className="text-3xl font-bold text-stone-900">Order not found</h1>
        <p role="alert">{OrderMessages.notFound}</p>
      </div>
    );
  }
  if (order.isPending) return <Spinner label="Loading the order" className="size-8" />;
  if (order.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-lg font-semibold text-rose-900">{Messages.listError}</p>
        <Button variant="secondary" onClick={() => void order.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const { data } = order;
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        {back}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="flex flex-wrap items-center gap-3 text-3xl font-bold text-stone-900">
            Order {data.orderNumber} <OrderStatusBadge order={data} />
          </h1>
          {canCancel && CANCELLABLE.includes(data.status) && (
            <Button variant="danger" onClick={() => setCancelling(true)}>
              Cancel order
            </Button>
          )}
        </div>
        <p className="text-stone-700">
          Placed <time dateTime={data.createdAt}>{formatDateTime(data.createdAt)}</time>
          {data.paidAt && (
            <>
              {' · '}Paid <time dateTime={data.paidAt}>{formatDateTime(data.paidAt)}</time>
            </>
          )}
        </p>
      </div>

      {(data.cancelReason || data.refundStatus) && (
        <section aria-labelledby="order-cancellation-title" className={orderCard}>
          <h2 id="order-cancellation-title" className="text-lg font-bold text-stone-900">
            Cancellation
          </h2>
          <dl className="grid gap-2 sm:grid-cols-[10rem_1fr]">
            {data.cancelReason && (
              <>
                <dt className="font-semibold text-stone-700">Reason</dt>
                <dd className="break-words">{data.cancelReason}</dd>
              </>
            )}
            <dt className="font-semibold text-stone-700">Refund</dt>
            <dd>{data.refundStatus ? REFUND_LABELS[data.refundStatus] : 'None: the order was not paid'}</dd>
          </dl>
        </section>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="order-items-title" className={orderCard}>
          <h2 id="order-items-title" className="text-lg font-bold text-stone-900">
            Books
          </h2>
          <OrderReceipt order={data} />
        </section>

        <div className="grid content-start gap-6">
          <section aria-labelledby="order-customer-title" className={orderCard}>
            <h2 id="order-customer-title" className="text-lg font-bold text-stone-900">
              Customer
            </h2>
            <dl className="grid gap-1 text-stone-800">
              <dt className="text-sm font-semibold text-stone-600">User Name</dt>
              <dd>{data.customerUserName ?? '—'}</dd>
              <dt className="text-sm font-semibold text-stone-600">Email Address</dt>
              <dd className="break-all">
                {data.customerEmail ? <a href={`mailto:${data.customerEmail}`}>{data.customerEmail}</a> : '—'}
              </dd>
            </dl>
          </section>
          <OrderDelivery order={data} />
          <OrderHistory order={data} />
        </div>
      </div>

      {cancelling && <CancelOrderDialog order={data} onClose={() => setCancelling(false)} />}
    </div>
  );
}
