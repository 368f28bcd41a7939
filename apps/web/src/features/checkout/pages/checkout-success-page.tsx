import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { OrderStatus } from '@bookshop/contracts/enums';
import type { Order } from '@bookshop/contracts/orders';
import { Routes } from '@bookshop/contracts/routes';
import { ApiError } from '../../../lib/api-client.ts';
import { useFormat } from '../../../lib/i18n/format.ts';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { useRichT } from '../../../lib/i18n/rich-text.tsx';
import { Button, buttonClasses } from '../../../ui/button.tsx';
import { AlertIcon, CheckCircleIcon } from '../../../ui/icons.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useCheckoutOutcome } from '../api/get-checkout-outcome.ts';
import { usePlacedOrder } from '../api/get-placed-order.ts';
import { MissingSession, OutcomeCard } from '../components/outcome-layout.tsx';
import { useOrderChanges } from '../lib/use-order-changes.ts';
import { useProblemText } from '../lib/problem-text.ts';
import { sessionIdFrom } from '../lib/session-id.ts';

/** While the provider has not told us about the payment, ask again this often, this many times. */
export const CONFIRM_POLL_MS = 2_000;
export const CONFIRM_POLL_ANSWERS = 15;

const orderPath = (id: number) => Routes.order.replace(':id', String(id));

type CheckoutSuccessPageProps = {
  /** The order's lines and totals (the orders feature's receipt; app/ composes them). */
  renderReceipt: (order: Order) => ReactNode;
  /** The order changed status: the cart and the orders list are stale (spec section 4). */
  onOrderChanged: (order: Order) => void;
};

/** `?orderId=`: a positive whole number, else undefined. */
const orderIdFrom = (search: URLSearchParams) => {
  const value = search.get('orderId');
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
};

/**
 * /checkout/success?session_id=…: where the payment page sends a customer who paid; and
 * /checkout/success?orderId=…: where a cash-on-delivery order lands once placed (decision 081).
 */
export function CheckoutSuccessPage(props: CheckoutSuccessPageProps) {
  const [search] = useSearchParams();
  const orderId = orderIdFrom(search);
  if (!search.has('session_id') && orderId !== undefined) return <CashOrderPlaced orderId={orderId} {...props} />;
  return <PaidCheckout {...props} />;
}

/** A cash-on-delivery order: placed, nothing paid yet; the courier takes the total in cash. */
function CashOrderPlaced({ orderId, renderReceipt, onOrderChanged }: CheckoutSuccessPageProps & { orderId: number }) {
  const t = useT();
  const rich = useRichT();
  const { price } = useFormat();
  const problemText = useProblemText();
  const placed = usePlacedOrder(orderId);
  const order = placed.data;
  useDocumentTitle(order ? t('checkout.outcome.orderConfirmedTitle') : t('checkout.title'));
  useOrderChanges(order, onOrderChanged);
  if (placed.isPending) {
    return (
      <OutcomeCard title={t('checkout.outcome.confirmationTitle')}>
        <Spinner label={t('checkout.success.loadingOrder')} className="size-8" />
      </OutcomeCard>
    );
  }
  if (placed.isError) {
    return (
      <OutcomeCard icon={<AlertIcon className="size-7 text-red-700" />} title={t('checkout.success.orderNotFound')}>
        <p role="alert" className="text-stone-800">
          {placed.error instanceof ApiError && placed.error.status < 500
            ? t('checkout.success.orderNotFoundReason', { reason: problemText(placed.error) })
            : t('checkout.success.orderUnreachable')}
        </p>
        <Link to={`${Routes.account}#orders`} className={buttonClasses({ variant: 'secondary' })}>
          {t('checkout.outcome.yourOrders')}
        </Link>
      </OutcomeCard>
    );
  }
  const data = placed.data;
  return (
    <OutcomeCard icon={<CheckCircleIcon className="size-8 text-emerald-700" />} title={t('checkout.success.thankYou')}>
      <p className="text-stone-800">
        {rich('checkout.success.cashPlaced', {
          orderNumber: <strong className="text-stone-950">{data.orderNumber}</strong>,
        })}
        {data.status === OrderStatus.Pending && (
          <>
            {' '}
            {rich('checkout.success.payCourier', {
              total: <strong className="tabular-nums">{price(data.total)}</strong>,
            })}
          </>
        )}
      </p>
      {renderReceipt(data)}
      <OrderLinks order={data} />
    </OutcomeCard>
  );
}

function PaidCheckout({ renderReceipt, onOrderChanged }: CheckoutSuccessPageProps) {
  const t = useT();
  const rich = useRichT();
  const { price } = useFormat();
  const problemText = useProblemText();
  const [search] = useSearchParams();
  const sessionId = sessionIdFrom(search);
  const outcome = useCheckoutOutcome('success', sessionId, {
    // Paid at the provider but not yet confirmed to us: ask again for half a minute.
    refetchInterval: (order, answers) =>
      order?.status === OrderStatus.Pending && answers < CONFIRM_POLL_ANSWERS ? CONFIRM_POLL_MS : false,
  });
  const order = outcome.data;
  useDocumentTitle(
    order?.status === OrderStatus.Completed ? t('checkout.outcome.orderConfirmedTitle') : t('checkout.title'),
  );

  useOrderChanges(order, onOrderChanged);

  if (!sessionId) return <MissingSession title={t('checkout.outcome.confirmationTitle')} />;
  if (outcome.isPending) {
    return (
      <OutcomeCard title={t('checkout.success.confirming')}>
        <Spinner label={t('checkout.success.checkingPayment')} className="size-8" />
      </OutcomeCard>
    );
  }
  if (outcome.isError) {
    const notFound = outcome.error instanceof ApiError && outcome.error.status < 500;
    return (
      <OutcomeCard icon={<AlertIcon className="size-7 text-red-700" />} title={t('checkout.outcome.notFoundCheckout')}>
        <p role="alert" className="text-stone-800">
          {notFound
            ? t('checkout.success.notFoundReason', { reason: problemText(outcome.error) })
            : t('checkout.success.unreachable')}
        </p>
        <div className="flex flex-wrap gap-3">
          {!notFound && (
            <Button onClick={() => void outcome.refetch()} pending={outcome.isFetching}>
              {t('checkout.retry')}
            </Button>
          )}
          <Link to={`${Routes.account}#orders`} className={buttonClasses({ variant: 'secondary' })}>
            {t('checkout.outcome.yourOrders')}
          </Link>
        </div>
      </OutcomeCard>
    );
  }

  const data = outcome.data;
  if (data.status === OrderStatus.Pending) {
    const gaveUp = outcome.answers >= CONFIRM_POLL_ANSWERS;
    return (
      <OutcomeCard title={t('checkout.success.confirming')}>
        <p role="status" className="text-stone-800">
          {gaveUp
            ? t('checkout.success.notConfirmedYet', { orderNumber: data.orderNumber })
            : t('checkout.success.waiting', { orderNumber: data.orderNumber })}
        </p>
        {!gaveUp && <Spinner label={null} className="size-6 text-brand" />}
        <div className="flex flex-wrap gap-3">
          {gaveUp && (
            <Button onClick={() => void outcome.refetch()} pending={outcome.isFetching}>
              {t('checkout.success.checkAgain')}
            </Button>
          )}
          <Link to={orderPath(data.id)} className={buttonClasses({ variant: 'secondary' })}>
            {t('checkout.outcome.viewOrder')}
          </Link>
        </div>
      </OutcomeCard>
    );
  }
  if (data.status === OrderStatus.Cancelled) {
    return (
      <OutcomeCard icon={<AlertIcon className="size-7 text-amber-700" />} title={t('checkout.success.cancelledTitle')}>
        <p className="text-stone-800">{t('checkout.success.cancelled', { orderNumber: data.orderNumber })}</p>
        <div className="flex flex-wrap gap-3">
          <Link to={Routes.cart} className={buttonClasses()}>
            {t('checkout.backToCart')}
          </Link>
          <Link to={orderPath(data.id)} className={buttonClasses({ variant: 'secondary' })}>
            {t('checkout.outcome.viewOrder')}
          </Link>
        </div>
      </OutcomeCard>
    );
  }
  return (
    <OutcomeCard icon={<CheckCircleIcon className="size-8 text-emerald-700" />} title={t('checkout.success.thankYou')}>
      <p className="text-stone-800">
        {rich('checkout.success.paid', {
          orderNumber: <strong className="text-stone-950">{data.orderNumber}</strong>,
          total: <strong className="tabular-nums">{price(data.total)}</strong>,
        })}
      </p>
      {renderReceipt(data)}
      <OrderLinks order={data} />
    </OutcomeCard>
  );
}

/** The way on from a placed order: to the order itself, or back to the shop. */
function OrderLinks({ order }: { order: { id: number; orderNumber: string } }) {
  const t = useT();
  return (
    <div className="flex flex-wrap gap-3">
      <Link to={orderPath(order.id)} className={buttonClasses()}>
        {t('checkout.outcome.viewOrderNumber', { orderNumber: order.orderNumber })}
      </Link>
      <Link to={Routes.home} className={buttonClasses({ variant: 'secondary' })}>
        {t('checkout.outcome.continueShopping')}
      </Link>
    </div>
  );
}
