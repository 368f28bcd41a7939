import { Link, useParams } from 'react-router';
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
import { useSpecText } from '../../../lib/i18n/i18n.tsx';
import { parseOrderId } from '../lib/order-id.ts';
import { useOrderWords } from '../lib/order-words.tsx';

/** /orders/:id (logged-in customers): one order with its lines, delivery, totals and history. */
export function OrderPage() {
  const id = parseOrderId(useParams().id);
  const order = useOrder(id ?? 0, { enabled: id !== undefined });
  const notFound = id === undefined || (order.error instanceof ApiError && order.error.status === 404);
  const { t } = useOrderWords();
  const spec = useSpecText();
  useDocumentTitle(
    order.data
      ? t('orders.order.title', { number: order.data.orderNumber })
      : notFound
        ? spec('pageNotFound')
        : t('orders.order.pageTitle'),
  );

  if (notFound) return <NotFound detail={t('orders.order.notFound')} />;
  if (order.isPending) return <Spinner label={t('orders.order.loading')} className="size-8" />;
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
            <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
              ←
            </span>{' '}
            {t('orders.order.back')}
          </Link>
        }
      />
    </div>
  );
}
