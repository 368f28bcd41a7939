import { Link, useParams } from 'react-router';
import { Messages } from '@bookshop/contracts/messages';
import { Routes } from '@bookshop/contracts/routes';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useOrder } from '../api/get-order.ts';
import { OrderDelivery, OrderHistory, orderCard as card } from '../components/order-details.tsx';
import { OrderReceipt } from '../components/order-receipt.tsx';
import { OrderStatusBadge } from '../components/order-status-badge.tsx';

const ORDER_NOT_FOUND = 'We could not find this order in your account.';

const validId = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
};

/** /orders/:id (logged-in customers): one order with its lines, delivery, totals and history. */
export function OrderPage() {
  const id = validId(useParams().id);
  const order = useOrder(id ?? 0, { enabled: id !== undefined });
  const notFound = id === undefined || (order.error instanceof ApiError && order.error.status === 404);
  useDocumentTitle(order.data ? `Order ${order.data.orderNumber}` : notFound ? Messages.pageNotFound : 'Order');

  if (notFound) return <NotFound detail={ORDER_NOT_FOUND} />;
  if (order.isPending) return <Spinner label="Loading the order" className="size-8" />;
  if (order.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 py-6">
        <p className="text-lg font-semibold text-rose-900">{Messages.listError}</p>
        <Button variant="secondary" onClick={() => void order.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const { data } = order;
  return (
    <div className="grid gap-6 py-6">
      <div className="grid gap-2">
        <Link to={`${Routes.account}#orders`} className="text-sm font-semibold text-brand hover:underline">
          ← Back to your orders
        </Link>
        <h1 className="flex flex-wrap items-center gap-3 font-serif text-3xl font-semibold text-stone-900">
          Order {data.orderNumber} <OrderStatusBadge order={data} />
        </h1>
        <p className="text-stone-700">
          Placed <time dateTime={data.createdAt}>{formatDateTime(data.createdAt)}</time>
          {data.paidAt && (
            <>
              {' · '}Paid <time dateTime={data.paidAt}>{formatDateTime(data.paidAt)}</time>
            </>
          )}
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="order-items-title" className={card}>
          <h2 id="order-items-title" className="text-lg font-bold text-stone-900">
            Books
          </h2>
          <OrderReceipt order={data} />
        </section>

        <div className="grid content-start gap-6">
          <OrderDelivery order={data} />
          <OrderHistory order={data} />
        </div>
      </div>
    </div>
  );
}
