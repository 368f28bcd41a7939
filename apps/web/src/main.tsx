// First: configures libraries before any module uses them.
import './lib/strict-csp.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type HydrationState } from 'react-router';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { setLoaderQueryClient } from './app/loaders.ts';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter, routesFor } from './app/router.tsx';
import { loadCatalog } from './lib/i18n/catalogs.ts';
import { createI18n, I18nProvider, setPageI18n } from './lib/i18n/i18n.tsx';
import { basenameOf, directionOf, localeFromPath } from './lib/i18n/locale.ts';
import { readSsrState, restoreApiErrors, SSR_STATE_IDS } from './lib/ssr-state.ts';
import './styles.css';

// In development, Preact's debug layer reports what React's development build would: hydration
// mismatches, misused hooks, bad props (decision 054). Production builds leave it out.
if (import.meta.env.DEV) await import('preact/debug');

// The page's language is its path's (decision 089); only its shell messages are fetched here, and
// each page's own areas with its code (decision 092). The server
// rendered <html lang dir> already; a page rendered here (an account page) sets them itself.
const locale = localeFromPath(window.location.pathname);
const i18n = createI18n(locale, await loadCatalog(locale, 'shell'));
setPageI18n(i18n);
document.documentElement.lang = locale;
document.documentElement.dir = directionOf(locale);

const queryClient = createQueryClient();
setLoaderQueryClient(queryClient);
const routerState = readSsrState<HydrationState>(SSR_STATE_IDS.router);
const queryState = readSsrState<DehydratedState>(SSR_STATE_IDS.query);
if (queryState) {
  hydrate(queryClient, queryState);
  restoreApiErrors(queryClient);
}

/**
 * The page's own code, before hydrating: the server rendered it, so the first render here must
 * show it too, not the loading fallback of a page whose code has not arrived (decision 053).
 */
async function loadCurrentPage() {
  const lazyMatches =
    matchRoutes(routesFor(locale), window.location, basenameOf(locale))?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

const root = document.getElementById('root')!;
const app = (router: ReturnType<typeof createAppRouter>) => (
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </I18nProvider>
  </StrictMode>
);

if (routerState) {
  await loadCurrentPage();
  // As a transition, hydration yields to the browser between components instead of one long task.
  startTransition(() => {
    hydrateRoot(root, app(createAppRouter(locale, routerState)));
  });
} else {
  createRoot(root).render(app(createAppRouter(locale)));
}
