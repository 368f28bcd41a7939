import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { OrderStatus } from '@bookshop/contracts/enums';
import type { Order } from '@bookshop/contracts/orders';
import { Routes } from '@bookshop/contracts/routes';
import { ApiError } from '../../../lib/api-client.ts';
import { formatPrice } from '../../../lib/format.ts';
import { Button, buttonClasses } from '../../../ui/button.tsx';
import { AlertIcon, CheckCircleIcon } from '../../../ui/icons.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useCheckoutOutcome } from '../api/get-checkout-outcome.ts';
import { usePlacedOrder } from '../api/get-placed-order.ts';
import { MissingSession, OutcomeCard } from '../components/outcome-layout.tsx';
import { useOrderChanges } from '../lib/use-order-changes.ts';
import { problemText } from '../lib/problem-text.ts';
import { sessionIdFrom } from '../lib/session-id.ts';

export const THANK_YOU = 'Thank you for your order';
export const CONFIRMING = "We're confirming your payment";
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
  const placed = usePlacedOrder(orderId);
  const order = placed.data;
  useDocumentTitle(order ? 'Order Confirmed' : 'Checkout');
  useOrderChanges(order, onOrderChanged);
  if (placed.isPending) {
    return (
      <OutcomeCard title="Order confirmation">
        <Spinner label="Loading your order" className="size-8" />
      </OutcomeCard>
    );
  }
  if (placed.isError) {
    return (
      <OutcomeCard icon={<AlertIcon className="size-7 text-red-700" />} title="We could not find this order">
        <p role="alert" className="text-stone-800">
          {placed.error instanceof ApiError && placed.error.status < 500
            ? `${problemText(placed.error)} Your orders are listed in your account.`
            : 'The shop could not be reached. Please try again in a moment.'}
        </p>
        <Link to={`${Routes.account}#orders`} className={buttonClasses({ variant: 'secondary' })}>
          Your Orders
        </Link>
      </OutcomeCard>
    );
  }
  const data = placed.data;
  return (
    <OutcomeCard icon={<CheckCircleIcon className="size-8 text-emerald-700" />} title={THANK_YOU}>
      <p className="text-stone-800">
        Your order number is <strong className="text-stone-950">{data.orderNumber}</strong>. We have e-mailed you a
        confirmation.{' '}
        {data.status === OrderStatus.Pending && (
          <>
            Please pay the courier <strong className="tabular-nums">{formatPrice(data.total)}</strong> in cash when your
            books arrive.
          </>
        )}
      </p>
      {renderReceipt(data)}
      <OrderLinks order={data} />
    </OutcomeCard>
  );
}

function PaidCheckout({ renderReceipt, onOrderChanged }: CheckoutSuccessPageProps) {
  const [search] = useSearchParams();
  const sessionId = sessionIdFrom(search);
  const outcome = useCheckoutOutcome('success', sessionId, {
    // Paid at the provider but not yet confirmed to us: ask again for half a minute.
    refetchInterval: (order, answers) =>
      order?.status === OrderStatus.Pending && answers < CONFIRM_POLL_ANSWERS ? CONFIRM_POLL_MS : false,
  });
  const order = outcome.data;
  useDocumentTitle(order?.status === OrderStatus.Completed ? 'Order Confirmed' : 'Checkout');

  useOrderChanges(order, onOrderChanged);

  if (!sessionId) return <MissingSession title="Order confirmation" />;
  if (outcome.isPending) {
    return (
      <OutcomeCard title={CONFIRMING}>
        <Spinner label="Checking your payment" className="size-8" />
      </OutcomeCard>
    );
  }
  if (outcome.isError) {
    const notFound = outcome.error instanceof ApiError && outcome.error.status < 500;
    return (
      <OutcomeCard icon={<AlertIcon className="size-7 text-red-700" />} title="We could not find this checkout">
        <p role="alert" className="text-stone-800">
          {notFound
            ? `${problemText(outcome.error)} If you paid, your order is listed in your account.`
            : 'The shop could not be reached to confirm your payment. Please try again in a moment.'}
        </p>
        <div className="flex flex-wrap gap-3">
          {!notFound && (
            <Button onClick={() => void outcome.refetch()} pending={outcome.isFetching}>
              Try again
            </Button>
          )}
          <Link to={`${Routes.account}#orders`} className={buttonClasses({ variant: 'secondary' })}>
            Your Orders
          </Link>
        </div>
      </OutcomeCard>
    );
  }

  const data = outcome.data;
  if (data.status === OrderStatus.Pending) {
    const gaveUp = outcome.answers >= CONFIRM_POLL_ANSWERS;
    return (
      <OutcomeCard title={CONFIRMING}>
        <p role="status" className="text-stone-800">
          {gaveUp
            ? `Your payment for order ${data.orderNumber} has not been confirmed yet. This can take a few minutes; you will get an e-mail once it is. You are not charged twice by checking again.`
            : `Order ${data.orderNumber} is waiting for the payment provider to confirm your payment. This page checks again every few seconds.`}
        </p>
        {!gaveUp && <Spinner label={null} className="size-6 text-brand" />}
        <div className="flex flex-wrap gap-3">
          {gaveUp && (
            <Button onClick={() => void outcome.refetch()} pending={outcome.isFetching}>
              Check again
            </Button>
          )}
          <Link to={orderPath(data.id)} className={buttonClasses({ variant: 'secondary' })}>
            View Order
          </Link>
        </div>
      </OutcomeCard>
    );
  }
  if (data.status === OrderStatus.Cancelled) {
    return (
      <OutcomeCard icon={<AlertIcon className="size-7 text-amber-700" />} title="This order was cancelled">
        <p className="text-stone-800">
          Order {data.orderNumber} was cancelled before it was paid (the reservation may have run out), so you were not
          charged. Your cart is kept: you can check out again.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to={Routes.cart} className={buttonClasses()}>
            Back to Cart
          </Link>
          <Link to={orderPath(data.id)} className={buttonClasses({ variant: 'secondary' })}>
            View Order
          </Link>
        </div>
      </OutcomeCard>
    );
  }
  return (
    <OutcomeCard icon={<CheckCircleIcon className="size-8 text-emerald-700" />} title={THANK_YOU}>
      <p className="text-stone-800">
        Your order number is <strong className="text-stone-950">{data.orderNumber}</strong>. We have e-mailed you a
        confirmation; your total was <strong className="tabular-nums">{formatPrice(data.total)}</strong>.
      </p>
      {renderReceipt(data)}
      <OrderLinks order={data} />
    </OutcomeCard>
  );
}

/** The way on from a placed order: to the order itself, or back to the shop. */
function OrderLinks({ order }: { order: { id: number; orderNumber: string } }) {
  return (
    <div className="flex flex-wrap gap-3">
      <Link to={orderPath(order.id)} className={buttonClasses()}>
        View Order {order.orderNumber}
      </Link>
      <Link to={Routes.home} className={buttonClasses({ variant: 'secondary' })}>
        Continue Shopping
      </Link>
    </div>
  );
}
