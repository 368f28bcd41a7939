import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../../ui/button.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';

type AdminSplitLayoutProps = {
  /** The welcome panel's heading: 'Welcome back' or 'New Here?'. */
  welcome: string;
  welcomeText: string;
  /** The panel's link to the other page (register from login, login from register), which keeps the
   * location's state (where the visitor came from, the e-mail address to prefill). */
  switchTo: { to: string; label: string };
  /** The form's heading: 'Login' or 'Register'. */
  title: string;
  children: ReactNode;
};

/** Spec section 2: /admin/login and /admin/register show a welcome panel beside the form. */
export function AdminSplitLayout({ welcome, welcomeText, switchTo, title, children }: AdminSplitLayoutProps) {
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
