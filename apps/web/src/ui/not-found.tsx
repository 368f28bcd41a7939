import { Link, useLocation } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { buttonClasses } from './button.tsx';
import { PageMeta } from '../lib/seo/page-meta.tsx';
import { notFoundPageMeta } from '../lib/seo/page-meta-builders.ts';
import { useLocale, useSpecText, useT } from '../lib/i18n/i18n.tsx';

const isAdminPath = (pathname: string) => pathname === Routes.admin || pathname.startsWith(`${Routes.admin}/`);

/**
 * Spec section 2: 'Page Not Found' with a 'Back To Home Page' button (to /admin in the admin
 * area). Shown for paths outside the route table and for catalogue pages naming a book, genre
 * or author the shop does not have; the server answers all of them with HTTP 404.
 */
export function NotFound({ detail }: { detail?: string }) {
  const { pathname } = useLocation();
  const t = useT();
  const spec = useSpecText();
  // The admin area is English only: an Arabic page is never in it (decision 089).
  const inAdmin = useLocale() === 'en' && isAdminPath(pathname);
  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center gap-6 py-16 text-center">
      <PageMeta {...notFoundPageMeta(pathname, { heading: spec('pageNotFound'), detail: t('notFound.detail') })} />
      <p className="text-7xl font-black text-stone-600" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold text-stone-900">{spec('pageNotFound')}</h1>
      <p className="max-w-md text-stone-700">{detail ?? t('notFound.detail')}</p>
      <Link to={inAdmin ? Routes.admin : Routes.home} className={buttonClasses({ size: 'lg' })}>
        {spec('backToHomePage')}
      </Link>
    </section>
  );
}
