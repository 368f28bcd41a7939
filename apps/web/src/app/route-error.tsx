import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { buttonClasses } from '../ui/button.tsx';
import { useSpecText, useT } from '../lib/i18n/i18n.tsx';

/**
 * A page crashed or its code could not be fetched (often a new deployment replaced the files):
 * say so plainly and offer a reload instead of a blank screen.
 */
export function RouteError() {
  const error = useRouteError();
  const t = useT();
  const spec = useSpecText();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : t('routeError.detail');
  return (
    <section role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{spec('listError')}</h1>
      <p className="text-stone-700">{detail}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClasses()} onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
        <Link to={Routes.home} reloadDocument className={buttonClasses({ variant: 'secondary' })}>
          {spec('backToHomePage')}
        </Link>
      </div>
    </section>
  );
}
