import { Readable } from 'node:stream';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import type { PublicConfig } from '@bookshop/contracts/auth';
import type { ServerLoadContext } from './app/loaders.ts';
import { publicConfigQueryOptions } from './features/auth/api/get-public-config.ts';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { routesFor } from './app/router.tsx';
import { allMessages } from './lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider } from './lib/i18n/i18n.tsx';
import { basenameOf, directionOf, localeFromPath, type Locale } from './lib/i18n/locale.ts';
import { ApiError, configureApiTransport } from './lib/api-client.ts';
import { createHeadCollector, HeadCollectorProvider } from './lib/seo/page-meta.tsx';
import { renderHeadTags } from './lib/seo/head-tags.ts';
import { SSR_STATE_IDS } from './lib/ssr-state.ts';
import arabicFont from './assets/fonts/vazirmatn-arabic-letters-400.woff2?url';

/*
 * The storefront's server renderer (decision 053), built by `vite build --ssr` into
 * dist/.ssr/entry-server.js and run by the API server for the public pages. It renders the page
 * a visitor who is not logged in sees: the same for everyone, so it may be cached, and the browser
 * hydrates it and then shows what belongs to the person (the cart badge, Logout, the wishlist).
 */

export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The shop's public settings (`GET v1/config`), which every page's root loader asks for. They
 * change only when the server restarts, so the renderer asks its API once and hands the answer to
 * each page's query cache, where the loader finds it: a page costs one in-process request less.
 */
let publicConfig: PublicConfig | undefined;

/** Once, at start-up: how the renderer's API requests reach the API (in process). */
export function configure(options: { api: ApiTransport }) {
  configureApiTransport(options.api);
  // Another API may have other settings.
  publicConfig = undefined;
}

export type RenderedPage = {
  kind: 'page';
  /** `<html lang dir>`: the page's language, from its path (decision 089). */
  htmlAttributes: { lang: Locale; dir: 'ltr' | 'rtl' };
  /** 200, or what the routes decided (404 for a path no route knows). */
  status: number;
  /** The page's title, description, canonical URL, Open Graph and JSON-LD tags, for <head>. */
  head: string | undefined;
  /** Early fetches for the page's language: the Arabic webfont on Arabic pages, nothing on English ones. */
  preload: string;
  /** The markup for inside `#root`. */
  body: Readable;
  /** What the browser needs to hydrate without fetching again: JSON, `<` escaped. */
  routerState: string;
  queryState: string;
};

export type RenderResult =
  | RenderedPage
  | { kind: 'redirect'; status: number; location: string }
  /** The API failed (not a 4xx): the browser renders the page and shows its own error state and retry. */
  | { kind: 'client-only' };

/** Inside `<script type="application/json">`: no `<` at all, so no `</script>` or `<!--` either. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** One handler per language: Arabic pages are the same routes under /ar (decision 089). */
const handlers = {
  en: createStaticHandler(routesFor('en')),
  ar: createStaticHandler(routesFor('ar'), { basename: basenameOf('ar') }),
};
// The server holds every area of both languages (compiled at build time); a page's own goes with its language.
const i18ns = {
  en: createI18n('en', allMessages('en')),
  ar: createI18n('ar', allMessages('ar')),
};

/** The Arabic face (styles.css), which the first paint of an Arabic page needs. */
const FONT_PRELOAD = `<link rel="preload" as="font" type="font/woff2" href="${arabicFont}" crossorigin>`;

const isClientError = (error: unknown) => error instanceof ApiError && error.status < 500;

/**
 * Renders `request` (a GET of a page). Loaders run first and fill a query cache of this request's
 * own; the markup is then rendered from that cache, and the cache goes along, dehydrated.
 */
export async function render(request: Request, options: { origin: string }): Promise<RenderResult> {
  const queryClient = createQueryClient({ server: true });
  const config = publicConfigQueryOptions();
  if (publicConfig) queryClient.setQueryData(config.queryKey, publicConfig);
  const requestContext: ServerLoadContext = { queryClient };
  const locale = localeFromPath(new URL(request.url).pathname);
  const handler = handlers[locale];
  const context = await handler.query(request, { requestContext });
  // Kept once it has been answered; a failure is asked again by the next page.
  publicConfig ??= queryClient.getQueryData(config.queryKey);
  if (context instanceof Response) {
    const location = context.headers.get('Location');
    if (location && context.status >= 300 && context.status < 400)
      return { kind: 'redirect', status: context.status, location } satisfies RenderResult;
    throw new Error(`The routes answered ${context.status} without a page`);
  }
  const queries = queryClient.getQueryCache().getAll();
  if (queries.some((query) => query.state.status === 'error' && !isClientError(query.state.error)))
    return { kind: 'client-only' };
  const router = createStaticRouter(handler.dataRoutes, context);
  const head = createHeadCollector(options.origin, locale);
  // A 4xx (the book that does not exist) renders the page's own state; it goes along too.
  const queryState: DehydratedState = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' || isClientError(query.state.error),
    shouldRedactErrors: () => false,
  });

  // Everything the page shows was loaded by the loaders above (its lazy routes too), so the markup
  // is complete in one pass and nothing is left to stream. A render that fails throws here,
  // before a byte is sent, and the API leaves the page to the browser (decision 054).
  const markup = renderToString(
    <StrictMode>
      <HeadCollectorProvider collector={head}>
        <I18nProvider i18n={i18ns[locale]}>
          <AppProviders queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </I18nProvider>
      </HeadCollectorProvider>
    </StrictMode>,
  );

  return {
    kind: 'page',
    status: context.statusCode,
    htmlAttributes: { lang: locale, dir: directionOf(locale) },
    preload: locale === 'ar' ? FONT_PRELOAD : '',
    // The page's <PageMeta> has rendered by now.
    head: head.meta ? renderHeadTags(head.meta, options.origin, locale) : undefined,
    body: Readable.from([markup]),
    routerState: scriptSafeJson({ loaderData: context.loaderData, actionData: context.actionData ?? null }),
    queryState: scriptSafeJson(queryState),
  } satisfies RenderResult;
}

export { SSR_STATE_IDS };
