import { useEffect, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import type { Address } from '@bookshop/contracts/addresses';
import type { Cart } from '@bookshop/contracts/cart';
import type { CheckoutSession } from '@bookshop/contracts/checkout';
import type { PaymentMethod } from '@bookshop/contracts/fulfilment';
import type { DeliveryMethodCode } from '@bookshop/contracts/delivery';
import { aedToFils, filsToAed } from '@bookshop/contracts/money';
import { Routes } from '@bookshop/contracts/routes';
import { formatShopTimeIn } from '@bookshop/contracts/shop-clock';
import { ApiError } from '../../../lib/api-client.ts';
import { useLocale, useSpecText, useT } from '../../../lib/i18n/i18n.tsx';
import { leaveSiteFor } from '../../../lib/leave-site.ts';
import { Button, buttonClasses } from '../../../ui/button.tsx';
import { AlertIcon, LockIcon } from '../../../ui/icons.tsx';
import { OrderSummaryLines, OrderTotals } from '../../../ui/order-summary.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useCreateCheckoutSession } from '../api/create-checkout-session.ts';
import { useDeliveryMethods } from '../api/get-delivery-methods.ts';
import { usePaymentMethods } from '../api/get-payment-methods.ts';
import { AddressPicker } from '../components/address-picker.tsx';
import { DeliveryMethodPicker } from '../components/delivery-method-picker.tsx';
import { PaymentMethodPicker } from '../components/payment-method-picker.tsx';
import { useServerText } from '../lib/server-text.ts';
import { useProblemText } from '../lib/problem-text.ts';

/** Copies stay reserved this long once a session exists (contracts CHECKOUT_SESSION_MINUTES). */
const RESERVATION_MINUTES = 30;

export type NewAddressFormProps = {
  /** The customer has no address yet: this one becomes main. */
  isFirst: boolean;
  onSaved: (address: Address) => void;
  /** Absent when there is no saved address to go back to. */
  onCancel?: () => void;
};

type CheckoutPageProps = {
  cart: UseQueryResult<Cart>;
  addresses: UseQueryResult<Address[]>;
  /** The addresses feature's form (app/ composes them), shown inline under the saved addresses. */
  renderNewAddressForm: (props: NewAddressFormProps) => ReactNode;
};

const card = 'grid content-start gap-4 rounded-xl border border-stone-200 bg-white p-5 sm:p-6';

/** A cart line that must be resolved on /cart first: short of stock or repriced since added. */
const needsAttention = (cart: Cart) => !cart.canCheckout || cart.items.some((item) => item.isPriceChanged);

function LoadError({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  const specText = useSpecText();
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <p className="text-lg font-semibold text-rose-900">{specText('listError')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('checkout.retry')}
      </Button>
    </div>
  );
}

/** No delivery method reaches the chosen address (a 409 from the quote): the customer picks another. */
function OutsideZones({ message }: { message: string }) {
  const t = useT();
  return (
    <div role="alert" className="grid gap-1 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="flex gap-2 font-semibold">
        <AlertIcon className="mt-0.5 size-5 shrink-0" />
        {t('checkout.outsideZones')}
      </p>
      <p>{message}</p>
    </div>
  );
}

/**
 * /checkout (logged-in customers): address, delivery method and the order's totals, then
 * 'Proceed to Payment' creates a checkout session and sends the browser to the provider's page.
 */
export function CheckoutPage({ cart, addresses, renderNewAddressForm }: CheckoutPageProps) {
  const t = useT();
  useDocumentTitle(t('checkout.title'));
  return (
    <div className="grid gap-6 py-6">
      <h1 className="font-serif text-3xl font-semibold text-stone-900">{t('checkout.title')}</h1>
      {cart.isPending || addresses.isPending ? (
        <Spinner label={t('checkout.loading')} className="size-8" />
      ) : cart.isError ? (
        <LoadError onRetry={() => void cart.refetch()} />
      ) : addresses.isError ? (
        <LoadError onRetry={() => void addresses.refetch()} />
      ) : cart.data.items.length === 0 ? (
        // Spec: an empty cart sends the customer to /cart.
        <Navigate to={Routes.cart} replace />
      ) : (
        <CheckoutForm
          cart={cart.data}
          addresses={addresses.data}
          refetchCart={() => void cart.refetch()}
          refetchAddresses={() => void addresses.refetch()}
          renderNewAddressForm={renderNewAddressForm}
        />
      )}
    </div>
  );
}

type CheckoutFormProps = {
  cart: Cart;
  addresses: Address[];
  refetchCart: () => void;
  refetchAddresses: () => void;
  renderNewAddressForm: (props: NewAddressFormProps) => ReactNode;
};

function CheckoutForm({ cart, addresses, refetchCart, refetchAddresses, renderNewAddressForm }: CheckoutFormProps) {
  const t = useT();
  const locale = useLocale();
  const problemText = useProblemText();
  const serverText = useServerText();
  const create = useCreateCheckoutSession();
  const navigate = useNavigate();
  const [session, setSession] = useState<CheckoutSession | null>(null);
  const [chosenPayment, setChosenPayment] = useState<PaymentMethod>('card');
  const [chosenAddressId, setChosenAddressId] = useState<number | undefined>();
  const [chosenMethod, setChosenMethod] = useState<DeliveryMethodCode | undefined>();
  const [addingAddress, setAddingAddress] = useState(false);
  const [missing, setMissing] = useState(false);

  // Back from the payment page, the browser may restore this page as it was left (busy); the
  // session is the provider's to end, so the customer may start again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setSession(null);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  // The main address is listed first; a choice that no longer exists falls back to it.
  const addressId = addresses.some((a) => a.id === chosenAddressId)
    ? chosenAddressId
    : (addresses.find((a) => a.isMain) ?? addresses[0])?.id;
  // Judged for the chosen address: where it goes decides which methods reach it (decision 079).
  const quote = useDeliveryMethods(addressId);
  const methods = quote.data?.methods ?? [];
  const method = methods.find((m) => m.code === chosenMethod && m.isAvailable) ?? methods.find((m) => m.isAvailable);
  const payments = usePaymentMethods(addressId, method?.code);
  const paymentOptions = payments.data ?? [];
  const cod = paymentOptions.find((o) => o.code === 'cod');
  // Cash on delivery only while this address and total allow it; otherwise the card, as before.
  const paymentMethod: PaymentMethod = chosenPayment === 'cod' && cod?.available ? 'cod' : 'card';
  const showAddressForm = addingAddress || addresses.length === 0;
  const blocked = needsAttention(cart);
  const busy = create.isPending || session !== null;
  const error = create.error;

  const proceed = () => {
    if (addressId === undefined || !method) {
      setMissing(true);
      return;
    }
    setMissing(false);
    create.mutate(
      { addressId, deliveryMethod: method.code, paymentMethod },
      {
        onSuccess: (created) => {
          // Cash on delivery: the order is placed; the shop's own confirmation page follows.
          if (!('sessionId' in created)) {
            void navigate(created.url);
            return;
          }
          setSession(created);
          // The provider's hosted page: the browser leaves the shop.
          leaveSiteFor(created.url);
        },
        onError: (failure) => {
          if (!(failure instanceof ApiError)) return;
          // The page follows what the API found: stock and prices, the address list, the quote.
          if (failure.status === 400 || failure.status === 409) {
            refetchCart();
            void quote.refetch();
          }
          if (failure.status === 404) refetchAddresses();
        },
      },
    );
  };

  const deliveryFee = method?.fee ?? 0;
  const codFee = paymentMethod === 'cod' ? (cod?.fee ?? 0) : 0;
  const amounts = {
    itemsTotal: cart.subtotal,
    discountTotal: cart.discountTotal,
    deliveryFee,
    codFee,
    total: filsToAed(aedToFils(cart.total) + aedToFils(deliveryFee) + aedToFils(codFee)),
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="grid content-start gap-8">
        {blocked && (
          <div
            role="alert"
            className="flex flex-col items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
          >
            <p className="flex gap-2">
              <AlertIcon className="mt-0.5 size-5 shrink-0" />
              {t('checkout.cartNeedsAttention')}
            </p>
            <Link to={Routes.cart} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              {t('checkout.backToCart')}
            </Link>
          </div>
        )}
        <section className={card} aria-label={t('checkout.address.legend')}>
          <AddressPicker
            addresses={addresses}
            chosenId={addressId}
            onChoose={setChosenAddressId}
            adding={showAddressForm}
            onAdd={() => setAddingAddress(true)}
            disabled={busy}
            error={missing && addressId === undefined ? t('checkout.addAddressToContinue') : undefined}
            newAddressForm={renderNewAddressForm({
              isFirst: addresses.length === 0,
              onSaved: (saved) => {
                setChosenAddressId(saved.id);
                setAddingAddress(false);
              },
              ...(addresses.length > 0 && { onCancel: () => setAddingAddress(false) }),
            })}
          />
        </section>
        <section className={card} aria-label={t('checkout.delivery.legend')}>
          {quote.isPending ? (
            <Spinner label={t('checkout.loadingDeliveryMethods')} />
          ) : quote.error instanceof ApiError && quote.error.status === 409 ? (
            <OutsideZones message={problemText(quote.error)} />
          ) : quote.isError ? (
            <LoadError onRetry={() => void quote.refetch()} />
          ) : (
            <DeliveryMethodPicker methods={methods} chosen={method?.code} onChoose={setChosenMethod} disabled={busy} />
          )}
        </section>
        {paymentOptions.length > 0 && (
          <section className={card} aria-label={t('checkout.payment.legend')}>
            <PaymentMethodPicker
              options={paymentOptions}
              chosen={paymentMethod}
              onChoose={setChosenPayment}
              disabled={busy}
            />
          </section>
        )}
      </div>

      <section aria-labelledby="checkout-summary-title" className={`${card} self-start lg:sticky lg:top-20`}>
        <h2 id="checkout-summary-title" className="text-lg font-bold text-stone-900">
          {t('checkout.summary')}
        </h2>
        <OrderSummaryLines label={t('checkout.summaryLines')} lines={cart.items} lineKey={(item) => item.id} />
        <OrderTotals
          amounts={amounts}
          deliveryLabel={
            method ? t('checkout.deliveryLine', { method: serverText(method.name) }) : t('checkout.delivery')
          }
        />

        {error && (
          <div role="alert" className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            <p className="font-semibold">
              {error instanceof ApiError && error.status === 409
                ? t('checkout.reserveFailed')
                : t('checkout.paymentFailed')}
            </p>
            <p>{problemText(error)}</p>
            {error instanceof ApiError && (error.status === 409 || error.status === 400) && (
              <Link to={Routes.cart} className="justify-self-start font-semibold text-red-950 underline">
                {t('checkout.backToCart')}
              </Link>
            )}
          </div>
        )}

        <Button
          size="lg"
          pending={busy}
          disabled={blocked || quote.isPending || quote.isError || showAddressForm}
          aria-describedby="checkout-reservation"
          onClick={proceed}
        >
          <LockIcon className="size-4" />
          {paymentMethod === 'cod' ? t('checkout.placeOrder') : t('checkout.proceedToPayment')}
        </Button>
        {paymentMethod === 'cod' ? (
          <p id="checkout-reservation" className="text-sm text-stone-700">
            {showAddressForm ? `${t('checkout.saveAddressFirst')} ` : ''}
            {t('checkout.codReservationNotice')}
          </p>
        ) : session ? (
          <p id="checkout-reservation" role="status" className="text-sm font-semibold text-emerald-900">
            {t('checkout.redirecting', { time: formatShopTimeIn(locale, session.expiresAt) })}
          </p>
        ) : (
          <p id="checkout-reservation" className="text-sm text-stone-700">
            {showAddressForm ? `${t('checkout.saveAddressFirst')} ` : ''}
            {t('checkout.reservationNotice', { minutes: RESERVATION_MINUTES })}
          </p>
        )}
      </section>
    </div>
  );
}
