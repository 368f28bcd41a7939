import { Link, useParams } from 'react-router';
import { Messages } from '@bookshop/contracts/messages';
import { Routes } from '@bookshop/contracts/routes';
import { ApiError } from '../../../lib/api-client.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useOrder } from '../api/get-order.ts';
import { OrderCancellation } from '../components/order-cancellation.tsx';
import { OrderReturns } from '../components/order-returns.tsx';
import { OrderView } from '../components/order-view.tsx';
import { UnpaidOrderActions } from '../components/unpaid-order-actions.tsx';
import { parseOrderId } from '../lib/order-id.ts';

const ORDER_NOT_FOUND = 'We could not find this order in your account.';

/** /orders/:id (logged-in customers): one order with its lines, delivery, totals and history. */
export function OrderPage() {
  const id = parseOrderId(useParams().id);
  const order = useOrder(id ?? 0, { enabled: id !== undefined });
  const notFound = id === undefined || (order.error instanceof ApiError && order.error.status === 404);
  useDocumentTitle(order.data ? `Order ${order.data.orderNumber}` : notFound ? Messages.pageNotFound : 'Order');

  if (notFound) return <NotFound detail={ORDER_NOT_FOUND} />;
  if (order.isPending) return <Spinner label="Loading the order" className="size-8" />;
  if (order.isError) {
    return <LoadError placement="page" className="py-6" onRetry={() => order.refetch()} />;
  }

  return (
    <div className="py-6">
      <OrderView
        order={order.data}
        area="storefront"
        notice={<OrderCancellation order={order.data} audience="customer" />}
        actions={<UnpaidOrderActions order={order.data} />}
        aside={<OrderReturns order={order.data} />}
        back={
          <Link to={`${Routes.account}#orders`} className="text-sm font-semibold text-brand hover:underline">
            ← Back to your orders
          </Link>
        }
      />
    </div>
  );
}
