import { Link, useSearchParams } from 'react-router';
import { OrderStatus } from '@bookshop/contracts/enums';
import type { Order } from '@bookshop/contracts/orders';
import { Routes } from '@bookshop/contracts/routes';
import { ApiError } from '../../../lib/api-client.ts';
import { Button, buttonClasses } from '../../../ui/button.tsx';
import { AlertIcon, CheckCircleIcon, InfoIcon } from '../../../ui/icons.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useCheckoutOutcome } from '../api/get-checkout-outcome.ts';
import { MissingSession, OutcomeCard } from '../components/outcome-layout.tsx';
import { useOrderChanges } from '../lib/use-order-changes.ts';
import { problemText } from '../lib/problem-text.ts';
import { sessionIdFrom } from '../lib/session-id.ts';

export const PAYMENT_CANCELLED = 'Payment cancelled';
export const CART_KEPT = 'You have not been charged, and your cart is kept just as it was.';

const orderPath = (id: number) => Routes.order.replace(':id', String(id));

/** /checkout/cancel?session_id=…: the customer left the payment page; the order is cancelled and the copies released. */
export function CheckoutCancelPage({ onOrderChanged }: { onOrderChanged: (order: Order) => void }) {
  useDocumentTitle(PAYMENT_CANCELLED);
  const [search] = useSearchParams();
  const sessionId = sessionIdFrom(search);
  const outcome = useCheckoutOutcome('cancelled', sessionId);

  useOrderChanges(outcome.data, onOrderChanged);

  if (!sessionId) return <MissingSession title={PAYMENT_CANCELLED} />;
  if (outcome.isPending) {
    return (
      <OutcomeCard title={PAYMENT_CANCELLED}>
        <Spinner label="Cancelling the payment" className="size-8" />
      </OutcomeCard>
    );
  }
  if (outcome.isError) {
    const clientError = outcome.error instanceof ApiError && outcome.error.status < 500;
    return (
      <OutcomeCard icon={<AlertIcon className="size-7 text-red-700" />} title="We could not find this checkout">
        <p role="alert" className="text-stone-800">
          {clientError
            ? problemText(outcome.error)
            : 'The shop could not be reached. Your cart is kept; unpaid reservations end on their own after 30 minutes.'}
        </p>
        <div className="flex flex-wrap gap-3">
          {!clientError && (
            <Button onClick={() => void outcome.refetch()} pending={outcome.isFetching}>
              Try again
            </Button>
          )}
          <Link to={Routes.cart} className={buttonClasses({ variant: clientError ? 'primary' : 'secondary' })}>
            Back to Cart
          </Link>
        </div>
      </OutcomeCard>
    );
  }

  const order = outcome.data;
  // The payment went through before the cancel arrived (e.g. in another tab): the order stands.
  if (order.status === OrderStatus.Completed) {
    return (
      <OutcomeCard icon={<CheckCircleIcon className="size-8 text-emerald-700" />} title="This order is already paid">
        <p className="text-stone-800">
          The payment for order {order.orderNumber} went through before it could be cancelled, so the order stands.
        </p>
        <Link to={orderPath(order.id)} className={`${buttonClasses()} justify-self-start`}>
          View Order {order.orderNumber}
        </Link>
      </OutcomeCard>
    );
  }
  return (
    <OutcomeCard icon={<InfoIcon className="size-7 text-stone-700" />} title={PAYMENT_CANCELLED}>
      <p className="text-stone-800">
        The payment for order {order.orderNumber} was cancelled. {CART_KEPT} The copies we held for you are released.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to={Routes.cart} className={buttonClasses()}>
          Back to Cart
        </Link>
        <Link to={Routes.home} className={buttonClasses({ variant: 'secondary' })}>
          Continue Shopping
        </Link>
      </div>
    </OutcomeCard>
  );
}
