import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { OrderStatus } from '@bookshop/contracts/enums';
import { SHIPPED_FULFILMENT_STATUSES } from '@bookshop/contracts/fulfilment';
import { OrderMessages, type StaffOrder } from '@bookshop/contracts/orders';
import { Routes } from '@bookshop/contracts/routes';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { EmailAddress } from '../../../ui/email-address.tsx';
import { useStaffOrder } from '../api/get-staff-order.ts';
import { CancelOrderDialog } from '../components/cancel-order-dialog.tsx';
import { FulfilmentActions, MarkDeliveredAction } from '../components/fulfilment-actions.tsx';
import { OrderCancellation } from '../../orders/components/order-cancellation.tsx';
import { orderCard } from '../../orders/components/order-details.tsx';
import { OrderView } from '../../orders/components/order-view.tsx';
import { parseOrderId } from '../../orders/lib/order-id.ts';

const CANCELLABLE: readonly number[] = [OrderStatus.Pending, OrderStatus.Completed];
/** A cash-on-delivery order whose cash the courier has not yet taken. */
const awaitingCash = (order: { status: number; paymentMethod: string }) =>
  order.paymentMethod === 'cod' && order.status === OrderStatus.Pending;

/** Who placed the order, with a link to write to them. */
function OrderCustomer({ order }: { order: StaffOrder }) {
  return (
    <section aria-labelledby="order-customer-title" className={orderCard}>
      <h2 id="order-customer-title" className="text-lg font-bold text-stone-900">
        Customer
      </h2>
      <dl className="grid gap-1 text-stone-800">
        <dt className="text-sm font-semibold text-stone-600">User Name</dt>
        <dd className="break-words">{order.customerUserName}</dd>
        <dt className="text-sm font-semibold text-stone-600">Email Address</dt>
        <dd>
          <a href={`mailto:${order.customerEmail}`}>
            <EmailAddress value={order.customerEmail} />
          </a>
        </dd>
      </dl>
    </section>
  );
}

type AdminOrderPageProps = {
  /** orders:manage: the Cancel order button shows. */
  canCancel: boolean;
  /** orders:fulfil: 'Mark as packed', 'Ship' and 'Mark as delivered' show. */
  canFulfil?: boolean;
};

/** /admin/dashboard/orders/:id (orders:view): one order with its customer, lines, delivery and history. */
export function AdminOrderPage({ canCancel, canFulfil = false }: AdminOrderPageProps) {
  const id = parseOrderId(useParams().id);
  const order = useStaffOrder(id ?? 0, { enabled: id !== undefined });
  const [cancelling, setCancelling] = useState(false);
  const notFound = id === undefined || (order.error instanceof ApiError && order.error.status === 404);
  useDocumentTitle(order.data ? `Order ${order.data.orderNumber}` : notFound ? 'Order not found' : 'Order');

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
    return <LoadError placement="page" onRetry={() => order.refetch()} />;
  }

  const { data } = order;
  return (
    <>
      <OrderView
        order={data}
        area="admin"
        back={back}
        actions={
          <div className="flex flex-wrap gap-2">
            {canFulfil && <FulfilmentActions order={data} />}
            {/* Copies that left the shop come back through a return, never a cancellation; but an
                unpaid cash-on-delivery parcel the customer refused is cancelled (decision 081). */}
            {canCancel &&
              CANCELLABLE.includes(data.status) &&
              (!SHIPPED_FULFILMENT_STATUSES.includes(data.fulfilmentStatus) || awaitingCash(data)) && (
                <Button variant="danger" onClick={() => setCancelling(true)}>
                  Cancel order
                </Button>
              )}
          </div>
        }
        shipmentAction={canFulfil ? (shipment) => <MarkDeliveredAction order={data} shipment={shipment} /> : undefined}
        notice={<OrderCancellation order={data} audience="staff" />}
        aside={<OrderCustomer order={data} />}
      />
      {cancelling && <CancelOrderDialog order={data} onClose={() => setCancelling(false)} />}
    </>
  );
}
