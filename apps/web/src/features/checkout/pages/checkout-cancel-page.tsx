import { Link, useSearchParams } from 'react-router';
import { OrderStatus } from '@bookshop/contracts/enums';
import type { Order } from '@bookshop/contracts/orders';
import { Routes } from '@bookshop/contracts/routes';
import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { Button, buttonClasses } from '../../../ui/button.tsx';
import { AlertIcon, CheckCircleIcon, InfoIcon } from '../../../ui/icons.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useCheckoutOutcome } from '../api/get-checkout-outcome.ts';
import { MissingSession, OutcomeCard } from '../components/outcome-layout.tsx';
import { useOrderChanges } from '../lib/use-order-changes.ts';
import { useProblemText } from '../lib/problem-text.ts';
import { sessionIdFrom } from '../lib/session-id.ts';

const orderPath = (id: number) => Routes.order.replace(':id', String(id));

/** /checkout/cancel?session_id=…: the customer left the payment page; the order is cancelled and the copies released. */
export function CheckoutCancelPage({ onOrderChanged }: { onOrderChanged: (order: Order) => void }) {
  const t = useT();
  const problemText = useProblemText();
  const title = t('checkout.cancel.title');
  useDocumentTitle(title);
  const [search] = useSearchParams();
  const sessionId = sessionIdFrom(search);
  const outcome = useCheckoutOutcome('cancelled', sessionId);

  useOrderChanges(outcome.data, onOrderChanged);

  if (!sessionId) return <MissingSession title={title} />;
  if (outcome.isPending) {
    return (
      <OutcomeCard title={title}>
        <Spinner label={t('checkout.cancel.cancelling')} className="size-8" />
      </OutcomeCard>
    );
  }
  if (outcome.isError) {
    const clientError = outcome.error instanceof ApiError && outcome.error.status < 500;
    return (
      <OutcomeCard icon={<AlertIcon className="size-7 text-red-700" />} title={t('checkout.outcome.notFoundCheckout')}>
        <p role="alert" className="text-stone-800">
          {clientError ? problemText(outcome.error) : t('checkout.cancel.unreachable')}
        </p>
        <div className="flex flex-wrap gap-3">
          {!clientError && (
            <Button onClick={() => void outcome.refetch()} pending={outcome.isFetching}>
              {t('checkout.retry')}
            </Button>
          )}
          <Link to={Routes.cart} className={buttonClasses({ variant: clientError ? 'primary' : 'secondary' })}>
            {t('checkout.backToCart')}
          </Link>
        </div>
      </OutcomeCard>
    );
  }

  const order = outcome.data;
  // The payment went through before the cancel arrived (e.g. in another tab): the order stands.
  if (order.status === OrderStatus.Completed) {
    return (
      <OutcomeCard
        icon={<CheckCircleIcon className="size-8 text-emerald-700" />}
        title={t('checkout.cancel.alreadyPaidTitle')}
      >
        <p className="text-stone-800">{t('checkout.cancel.alreadyPaid', { orderNumber: order.orderNumber })}</p>
        <Link to={orderPath(order.id)} className={`${buttonClasses()} justify-self-start`}>
          {t('checkout.outcome.viewOrderNumber', { orderNumber: order.orderNumber })}
        </Link>
      </OutcomeCard>
    );
  }
  return (
    <OutcomeCard icon={<InfoIcon className="size-7 text-stone-700" />} title={title}>
      <p className="text-stone-800">{t('checkout.cancel.cancelled', { orderNumber: order.orderNumber })}</p>
      <div className="flex flex-wrap gap-3">
        <Link to={Routes.cart} className={buttonClasses()}>
          {t('checkout.backToCart')}
        </Link>
        <Link to={Routes.home} className={buttonClasses({ variant: 'secondary' })}>
          {t('checkout.outcome.continueShopping')}
        </Link>
      </div>
    </OutcomeCard>
  );
}
