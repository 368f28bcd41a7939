import { Fragment } from 'react';
import { Link, NavLink } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { isStaff, useCurrentUser } from '../../features/auth/session/session-store.ts';
import { BookIcon } from '../../ui/icons.tsx';
import { LoginRegisterLinks, LogoutButton, ProfileAvatar } from './account-links.tsx';
import { CartLink } from './cart-link.tsx';
import { CategoryMenu } from './category-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { navLinkClasses, primaryLinksFor } from './nav-links.ts';
import { useLocale, useT } from '../../lib/i18n/i18n.tsx';
import { LanguageSwitch } from './language-switch.tsx';

export function Header() {
  const user = useCurrentUser();
  const t = useT();
  const locale = useLocale();
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white">
      <div className="container-page flex h-16 items-center gap-4">
        <Link
          to={Routes.home}
          className="flex items-center gap-2 rounded-md text-xl font-black tracking-tight text-stone-900"
        >
          <span className="flex size-9 items-center justify-center rounded-md bg-brand text-brand-soft">
            <BookIcon className="size-5" />
          </span>
          {t('shell.shopName')}
        </Link>

        <nav aria-label={t('nav.main')} className="ms-6 hidden nav:block">
          <ul className="flex items-center gap-1">
            {primaryLinksFor(user).map((link) => (
              <Fragment key={link.to}>
                <li>
                  <NavLink to={link.to} end className={navLinkClasses}>
                    {t(link.label)}
                  </NavLink>
                </li>
                {/* Spec section 2: the category menu follows Home. */}
                {link.to === Routes.home && (
                  <li>
                    <CategoryMenu />
                  </li>
                )}
              </Fragment>
            ))}
            {isStaff(user) && (
              <li>
                {/* The admin area is English only (decision 089): from an Arabic page, a page load. */}
                {locale === 'en' ? (
                  <NavLink to={Routes.adminDashboard} className={navLinkClasses}>
                    {t('nav.dashboard')}
                  </NavLink>
                ) : (
                  <a href={Routes.adminDashboard} className={navLinkClasses({ isActive: false })}>
                    {t('nav.dashboard')}
                  </a>
                )}
              </li>
            )}
          </ul>
        </nav>

        <div className="ms-auto flex items-center gap-2">
          <CartLink className="size-11" />
          {user && <ProfileAvatar user={user} />}
          <LanguageSwitch className="hidden text-stone-800 hover:bg-stone-100 nav:inline-flex" />
          <div className="hidden items-center gap-2 nav:flex">{user ? <LogoutButton /> : <LoginRegisterLinks />}</div>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
