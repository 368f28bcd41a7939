import { Link, useLocation } from 'react-router';
import { Messages } from '@bookshop/contracts/messages';
import { Routes } from '@bookshop/contracts/routes';
import { buttonClasses } from './button.tsx';
import { PageMeta } from '../lib/seo/page-meta.tsx';
import { notFoundPageMeta } from '../lib/seo/page-meta-builders.ts';
import { useLocale, useT } from '../lib/i18n/i18n.tsx';

const isAdminPath = (pathname: string) => pathname === Routes.admin || pathname.startsWith(`${Routes.admin}/`);

/**
 * Spec section 2: 'Page Not Found' with a 'Back To Home Page' button (to /admin in the admin
 * area). Shown for paths outside the route table and for catalogue pages naming a book, genre
 * or author the shop does not have; the server answers all of them with HTTP 404.
 */
export function NotFound({ detail }: { detail?: string }) {
  const { pathname } = useLocation();
  const t = useT();
  // The spec's English words (contracts' Messages) on English pages; the Arabic ones on Arabic pages.
  const english = useLocale() === 'en';
  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center gap-6 py-16 text-center">
      <PageMeta {...notFoundPageMeta(pathname)} />
      <p className="text-7xl font-black text-stone-600" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold text-stone-900">{english ? Messages.pageNotFound : t('notFound.title')}</h1>
      <p className="max-w-md text-stone-700">{detail ?? t('notFound.detail')}</p>
      <Link to={isAdminPath(pathname) ? Routes.admin : Routes.home} className={buttonClasses({ size: 'lg' })}>
        {english ? Messages.backToHomePage : t('notFound.backHome')}
      </Link>
    </section>
  );
}
