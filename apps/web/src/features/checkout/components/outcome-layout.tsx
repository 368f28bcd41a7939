import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { buttonClasses } from '../../../ui/button.tsx';

/** A centred card with a heading, for the pages the payment provider sends the customer back to. */
export function OutcomeCard({ icon, title, children }: { icon?: ReactNode; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="checkout-outcome-title"
      className="mx-auto my-6 grid w-full max-w-2xl gap-5 rounded-xl border border-stone-200 bg-white p-5 sm:p-8"
    >
      <div className="flex items-center gap-3">
        {icon}
        <h1 id="checkout-outcome-title" className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
          {title}
        </h1>
      </div>
      {children}
    </section>
  );
}

/** The return URL has no usable `session_id`: nothing to ask the API about. */
export function MissingSession({ title }: { title: string }) {
  const t = useT();
  return (
    <OutcomeCard title={title}>
      <p className="text-stone-800">{t('checkout.outcome.missingSession')}</p>
      <p className="text-stone-800">{t('checkout.outcome.ordersAndCart')}</p>
      <div className="flex flex-wrap gap-3">
        <Link to={`${Routes.account}#orders`} className={buttonClasses()}>
          {t('checkout.outcome.yourOrders')}
        </Link>
        <Link to={Routes.cart} className={buttonClasses({ variant: 'secondary' })}>
          {t('checkout.outcome.goToCart')}
        </Link>
      </div>
    </OutcomeCard>
  );
}
