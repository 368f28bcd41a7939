import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Messages } from '@bookshop/contracts/messages';
import { Routes } from '@bookshop/contracts/routes';
import { buttonClasses } from '../ui/button.tsx';

/**
 * A page crashed or its code could not be fetched (often a new deployment replaced the files):
 * say so plainly and offer a reload instead of a blank screen.
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'Something went wrong while showing this page.';
  return (
    <section role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{Messages.listError}</h1>
      <p className="text-stone-700">{detail}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClasses()} onClick={() => window.location.reload()}>
          Reload page
        </button>
        <Link to={Routes.home} reloadDocument className={buttonClasses({ variant: 'secondary' })}>
          {Messages.backToHomePage}
        </Link>
      </div>
    </section>
  );
}
