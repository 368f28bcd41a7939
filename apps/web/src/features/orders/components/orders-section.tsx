import { useState } from 'react';
import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { buttonClasses } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useCustomerOrders } from '../api/get-customer-orders.ts';
import { FulfilmentBadge } from './fulfilment-badge.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { UnpaidOrderActions } from './unpaid-order-actions.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { SectionPager } from '../../../ui/pagination.tsx';
import { useOrderWords } from '../lib/order-words.tsx';

export const ORDERS_PAGE_SIZE = 5;

export const orderPath = (id: number) => Routes.order.replace(':id', String(id));

/** The customer's orders on /account, newest first, five to a page. */
export function OrdersSection({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const [pageNo, setPageNo] = useState(1);
  const orders = useCustomerOrders({ pageNo, pageSize: ORDERS_PAGE_SIZE });
  const Heading = `h${headingLevel}` as const;
  const details = orders.data?.paginationDetails;
  const { t, dateTime, price, cancelReason } = useOrderWords();

  return (
    <section id="orders" aria-labelledby="orders-title" className="grid scroll-mt-20 gap-4">
      <Heading id="orders-title" className="text-xl font-bold text-stone-900">
        {t('orders.list.title')}
      </Heading>

      {orders.isPending ? (
        <Spinner label={t('orders.list.loading')} />
      ) : orders.isError ? (
        <LoadError onRetry={() => orders.refetch()} />
      ) : orders.data.data.length === 0 ? (
        <div className="grid justify-items-start gap-3 rounded-lg border border-dashed border-stone-300 bg-white p-6 text-stone-700">
          <p>{t('orders.list.empty')}</p>
          <Link to={Routes.home} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            {t('orders.list.browse')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="grid gap-3" aria-busy={orders.isPlaceholderData || undefined}>
            {orders.data.data.map((order) => (
              <li
                key={order.id}
                className="grid gap-2 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
              >
                <div className="grid gap-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <Link
                      to={orderPath(order.id)}
                      className="font-semibold text-stone-900 underline-offset-2 hover:underline"
                    >
                      {t('orders.order.title', { number: order.orderNumber })}
                    </Link>
                    <OrderStatusBadge order={order} />
                    <FulfilmentBadge order={order} />
                  </p>
                  <p className="text-sm text-stone-700">
                    <time dateTime={order.createdAt}>{dateTime(order.createdAt)}</time>
                    {' · '}
                    {t('orders.list.books', { count: order.items.reduce((sum, item) => sum + item.quantity, 0) })}
                  </p>
                  {order.cancelReason && <p className="text-sm text-stone-700">{cancelReason(order.cancelReason)}</p>}
                  <UnpaidOrderActions order={order} inList />
                </div>
                <p className="font-bold text-stone-900 tabular-nums">
                  <span className="sr-only">{t('orders.list.total')}</span>
                  {price(order.total)}
                </p>
              </li>
            ))}
          </ul>
          {details && (
            <SectionPager
              label={t('orders.list.pages')}
              noun={t('orders.list.noun')}
              details={details}
              onPageChange={setPageNo}
              busy={orders.isFetching}
            />
          )}
        </>
      )}
    </section>
  );
}
