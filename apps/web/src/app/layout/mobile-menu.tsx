import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { isStaff, useCurrentUser } from '../../features/auth/session/session-store.ts';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '../../ui/icons.tsx';
import { accountPathOf, LoginRegisterLinks, LogoutButton } from './account-links.tsx';
import { LazyGenreDirectory } from './lazy-genre-directory.tsx';
import { primaryLinksFor } from './nav-links.ts';
import { useLocale, useT, type MessageId } from '../../lib/i18n/i18n.tsx';
import { LanguageSwitch } from './language-switch.tsx';

/** Below 1250px the header's nav folds into this panel, opened by the menu button. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const categoriesId = useId();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const t = useT();
  const locale = useLocale();

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div ref={container} className="nav:hidden">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('nav.menu')}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        className="inline-flex size-11 items-center justify-center rounded-md text-stone-800 hover:bg-stone-100"
      >
        {open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-stone-200 bg-white shadow-xl"
      >
        <nav aria-label={t('nav.mobile')} className="container-page py-4">
          <ul className="grid gap-1">
            {[
              ...primaryLinksFor(user),
              ...(user ? [{ to: accountPathOf(user), label: 'nav.myAccount' as MessageId }] : []),
              // The admin area is English only (decision 089): linked from English pages.
              ...(isStaff(user) && locale === 'en'
                ? [{ to: Routes.adminDashboard, label: 'nav.dashboard' as MessageId }]
                : []),
            ].map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  onClick={close}
                  className={({ isActive }) =>
                    `flex min-h-11 items-center rounded-md px-3 font-semibold hover:bg-stone-100 ${isActive ? 'text-brand' : 'text-stone-800'}`
                  }
                >
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
            <li>
              <button
                type="button"
                aria-expanded={categoriesOpen}
                aria-controls={categoriesId}
                onClick={() => setCategoriesOpen((was) => !was)}
                className="flex min-h-11 w-full items-center justify-between rounded-md px-3 font-semibold text-stone-800 hover:bg-stone-100"
              >
                {t('nav.shopByCategory')}
                <ChevronDownIcon className={`size-4 ${categoriesOpen ? 'rotate-180' : ''}`} />
              </button>
              <div id={categoriesId} hidden={!categoriesOpen} className="px-3 pt-2">
                {open && categoriesOpen && <LazyGenreDirectory onNavigate={close} />}
              </div>
            </li>
          </ul>
          <div className="mt-4 border-t border-stone-200 pt-4">
            <LanguageSwitch />
          </div>
          <div className="mt-4 flex gap-3 border-t border-stone-200 pt-4">
            {user ? (
              <LogoutButton className="flex-1 border border-stone-300" onDone={close} />
            ) : (
              <LoginRegisterLinks wide onNavigate={close} />
            )}
          </div>
        </nav>
      </div>
    </div>
  );
}
