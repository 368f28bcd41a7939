import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { useCurrentUser } from '../../features/auth/session/session-store.ts';
import { ArrowUpIcon, HeartIcon, HomeIcon, UserIcon } from '../../ui/icons.tsx';
import { accountPathOf } from './account-links.tsx';
import { CartLink } from './cart-link.tsx';
import { showsWishlist } from './nav-links.ts';
import { scrollToTop, useScrolledPastTop } from './scroll-to-top-button.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';

const itemClasses = ({ isActive }: { isActive: boolean }) =>
  `flex h-full flex-col items-center justify-center gap-0.5 text-xs font-semibold ${isActive ? 'text-brand' : 'text-stone-800'}`;

function BarLink({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <li className="flex-1">
      <NavLink to={to} end className={itemClasses}>
        {icon}
        {label}
      </NavLink>
    </li>
  );
}

/** Below 650px: the shop's main destinations within thumb reach, and the scroll-to-top button. */
export function BottomBar() {
  const user = useCurrentUser();
  const scrolled = useScrolledPastTop();
  const t = useT();
  return (
    <nav
      aria-label={t('nav.quickLinks')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] bar:hidden"
    >
      <ul className="flex h-16">
        <BarLink to={Routes.home} label={t('nav.home')} icon={<HomeIcon className="size-6" />} />
        {showsWishlist(user) && (
          <BarLink to={Routes.wishList} label={t('nav.wishlist')} icon={<HeartIcon className="size-6" />} />
        )}
        {user ? (
          <BarLink to={accountPathOf(user)} label={t('nav.account')} icon={<UserIcon className="size-6" />} />
        ) : (
          <BarLink to={Routes.login} label={t('account.login')} icon={<UserIcon className="size-6" />} />
        )}
        <li className="flex-1">
          <CartLink showLabel className="h-full w-full flex-col gap-0.5 hover:bg-transparent" />
        </li>
        {scrolled && (
          <li className="flex-1">
            <button
              type="button"
              aria-label={t('nav.scrollToTop')}
              onClick={scrollToTop}
              className={`${itemClasses({ isActive: false })} w-full`}
            >
              <ArrowUpIcon className="size-6" />
              {t('nav.top')}
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}
