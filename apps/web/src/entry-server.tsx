import { PassThrough, type Readable } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import type { ServerLoadContext } from './app/loaders.ts';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { routes } from './app/router.tsx';
import { ApiError, configureApiTransport } from './lib/api-client.ts';
import { createHeadCollector, HeadCollectorProvider, renderHeadTags } from './lib/seo/page-meta.tsx';
import { SSR_STATE_IDS } from './lib/ssr-state.ts';

/*
 * The storefront's server renderer (decision 053), built by `vite build --ssr` into
 * dist/.ssr/entry-server.js and run by the API server for the public pages. It renders the page
 * a visitor who is not logged in sees: the same for everyone, so it may be cached, and the browser
 * hydrates it and then shows what belongs to the person (the cart badge, Logout, the wishlist).
 */

export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

/** Once, at start-up: how the renderer's API requests reach the API (in process). */
export function configure(options: { api: ApiTransport }) {
  configureApiTransport(options.api);
}

export type RenderedPage = {
  kind: 'page';
  /** 200, or what the routes decided (404 for a path no route knows). */
  status: number;
  /** The page's title, description, canonical URL, Open Graph and JSON-LD tags, for <head>. */
  head: string | undefined;
  /** Streams the markup for inside `#root`, once the shell is ready. */
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

const handler = createStaticHandler(routes);

const isClientError = (error: unknown) => error instanceof ApiError && error.status < 500;

/**
 * Renders `request` (a GET of a page). Loaders run first and fill a query cache of this request's
 * own; the markup then streams from that cache, and the cache goes along, dehydrated.
 */
export async function render(request: Request, options: { origin: string }): Promise<RenderResult> {
  const queryClient = createQueryClient({ server: true });
  const requestContext: ServerLoadContext = { queryClient };
  const context = await handler.query(request, { requestContext });
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
  const head = createHeadCollector(options.origin);
  // A 4xx (the book that does not exist) renders the page's own state; it goes along too.
  const queryState: DehydratedState = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' || isClientError(query.state.error),
    shouldRedactErrors: () => false,
  });

  const body = await new Promise<Readable>((resolve, reject) => {
    const out = new PassThrough();
    const stream = renderToPipeableStream(
      <StrictMode>
        <HeadCollectorProvider collector={head}>
          <AppProviders queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </HeadCollectorProvider>
      </StrictMode>,
      {
        onShellReady() {
          stream.pipe(out);
          resolve(out);
        },
        onShellError: reject,
        onError(error) {
          // After the shell, an error in a boundary is rendered by the client instead; say why.
          console.error('Server rendering failed in part of the page', error);
        },
      },
    );
    request.signal.addEventListener('abort', () => stream.abort());
  });

  return {
    kind: 'page',
    status: context.statusCode,
    // The page's <PageMeta> has rendered by the time the shell is ready.
    head: head.meta ? renderHeadTags(head.meta, options.origin) : undefined,
    body,
    routerState: scriptSafeJson({ loaderData: context.loaderData, actionData: context.actionData ?? null }),
    queryState: scriptSafeJson(queryState),
  } satisfies RenderResult;
}

export { SSR_STATE_IDS };
