import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
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

export const MISSING_SESSION =
  'This page needs the link the payment page sends you back with, and this one has no valid checkout session.';

/** The return URL has no usable `session_id`: nothing to ask the API about. */
export function MissingSession({ title }: { title: string }) {
  return (
    <OutcomeCard title={title}>
      <p className="text-stone-800">{MISSING_SESSION}</p>
      <p className="text-stone-800">Your orders are listed in your account; your cart is where you left it.</p>
      <div className="flex flex-wrap gap-3">
        <Link to={`${Routes.account}#orders`} className={buttonClasses()}>
          Your Orders
        </Link>
        <Link to={Routes.cart} className={buttonClasses({ variant: 'secondary' })}>
          Go to Cart
        </Link>
      </div>
    </OutcomeCard>
  );
}
