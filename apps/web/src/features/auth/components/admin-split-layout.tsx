import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { buttonClasses } from '../../../ui/button.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';

/**
 * Each page's welcome panel (heading and text), its link to the other page, which keeps the
 * location's state (where the visitor came from, the e-mail address to prefill), and the form's
 * heading.
 */
const PAGES = {
  login: {
    welcome: 'Welcome back',
    welcomeText: "Log in to manage books, orders and the shop's staff.",
    switchTo: { to: Routes.adminRegister, label: 'Create a staff account' },
    title: 'Login',
  },
  register: {
    welcome: 'New Here?',
    welcomeText: 'Create your staff account. Once you confirm your email address, an Admin gives you a role.',
    switchTo: { to: Routes.adminLogin, label: 'Log in instead' },
    title: 'Register',
  },
} as const;

/** Spec section 2: /admin/login and /admin/register show a welcome panel beside the form. */
export function AdminSplitLayout({ page, children }: { page: keyof typeof PAGES; children: ReactNode }) {
  const { welcome, welcomeText, switchTo, title } = PAGES[page];
  useDocumentTitle(`Staff ${title}`);
  const location = useLocation();
  return (
    <div className="flex justify-center py-10">
      <div className="grid w-full max-w-4xl overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm md:grid-cols-2">
        <aside className="dark-surface flex flex-col justify-center gap-4 bg-brand p-8 text-white sm:p-10">
          <p className="text-sm font-semibold tracking-wide text-brand-soft uppercase">Bookshop staff</p>
          <h2 className="text-3xl font-black">{welcome}</h2>
          <p className="text-brand-soft">{welcomeText}</p>
          <Link
            to={switchTo.to}
            state={location.state as unknown}
            className={buttonClasses({ variant: 'secondary', className: 'self-start border-white' })}
          >
            {switchTo.label}
          </Link>
        </aside>
        <section aria-labelledby="admin-form-title" className="grid gap-6 p-6 sm:p-10">
          <h1 id="admin-form-title" className="text-2xl font-bold text-stone-900">
            {title}
          </h1>
          {children}
        </section>
      </div>
    </div>
  );
}
