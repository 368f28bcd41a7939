import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { allMessages } from '../../../lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider } from '../../../lib/i18n/i18n.tsx';
import type { Locale } from '../../../lib/i18n/locale.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { Toaster } from '../../../ui/toast.tsx';

/** Shows where the router is, so a test can assert that a page sent the visitor elsewhere. */
export function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders auth routes in a memory router with a fresh cache and the notifications, in English unless `locale` says. */
export function renderRoutes(
  routes: RouteObject[],
  { at = '/', state, locale = 'en' }: { at?: string; state?: unknown; locale?: Locale } = {},
) {
  const client = createTestQueryClient();
  const router = createMemoryRouter([...routes, { path: '*', element: <WhereAmI /> }], {
    initialEntries: [
      {
        pathname: at.split(/[?#]/)[0],
        search: at.match(/\?[^#]*/)?.[0] ?? '',
        hash: at.match(/#.*/)?.[0] ?? '',
        state,
      },
    ],
  });
  const view = render(
    <I18nProvider i18n={createI18n(locale, allMessages(locale))}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...view, router, client };
}

export const page = (path: string, element: ReactElement): RouteObject => ({ path, element });
