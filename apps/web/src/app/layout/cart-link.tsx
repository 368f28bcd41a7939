import { NavLink } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { CartIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useCartSummary } from '../cart-summary.ts';
import { useT } from '../../lib/i18n/i18n.tsx';

type CartLinkProps = { className?: string; showLabel?: boolean };

/** The cart icon with its item count; a spinner while the count is loading. */
export function CartLink({ className = '', showLabel = false }: CartLinkProps) {
  const { count, loading } = useCartSummary();
  const t = useT();
  // Read as 'Cart, 3 items'; the badge itself is hidden from screen readers to avoid reading it twice.
  const status = loading ? t('cart.loading') : t('cart.status', { count });
  return (
    <NavLink
      to={Routes.cart}
      className={({ isActive }) =>
        `relative inline-flex items-center justify-center rounded-md hover:bg-stone-100 ${isActive ? 'text-brand' : 'text-stone-800'} ${className}`
      }
    >
      <span className="relative">
        <CartIcon className="size-6" />
        <span
          aria-hidden="true"
          className="absolute -top-2 -end-2.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1 text-[11px] leading-none font-bold text-white"
        >
          {loading ? <Spinner label={null} className="size-3" /> : count > 99 ? '99+' : count}
        </span>
      </span>
      {showLabel ? (
        <>
          <span className="text-xs font-semibold">{t('cart.label')}</span>
          <span className="sr-only">{status}</span>
        </>
      ) : (
        <span className="sr-only">
          {t('cart.label')}
          {status}
        </span>
      )}
    </NavLink>
  );
}
