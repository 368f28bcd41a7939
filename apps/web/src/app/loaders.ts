import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { publicConfigQueryOptions } from '../features/auth/api/get-public-config.ts';
import { bookQueryOptions } from '../features/catalogue/api/get-book.ts';
import { booksQueryOptions } from '../features/catalogue/api/get-books.ts';
import { genresQueryOptions } from '../lib/api/get-genres.ts';
import { bookListQuery, readBookListState } from '../features/catalogue/hooks/use-book-list-state.ts';
import { searchBookPageQueryOptions } from '../features/catalogue/api/search-book-page.ts';
import { authorNamedQueryOptions } from '../lib/api/get-authors.ts';
import { readSearchPageState } from '../features/catalogue/hooks/use-search-page-state.ts';
import { bookReviewsQueryOptions, FIRST_REVIEWS_PAGE } from '../features/reviews/api/get-book-reviews.ts';

/*
 * Route loaders of the public pages (decision 053). Each asks the query cache for exactly what
 * its page's components will ask for, under the same keys:
 * - on the server, awaited, so the page renders complete and its cache goes to the browser
 *   (dehydrated) instead of being fetched again;
 * - in the browser, started and not awaited, so a navigation fetches the data while the page's
 *   code loads (no chunk → render → fetch waterfall) and the page keeps its own loading and
 *   error states. Data already cached (the server's, or a visit a moment ago) is not fetched again.
 * A failed fetch is not the loader's to report: the page shows its error state for it.
 */

/** What the server passes each request's loaders (`requestContext` of the static handler). */
export type ServerLoadContext = { queryClient: QueryClient };

let browserClient: QueryClient | undefined;

/** The browser's one query client, which the app renders with; without it loaders do nothing (unit tests). */
export function setLoaderQueryClient(client: QueryClient | undefined) {
  browserClient = client;
}

type Prefetch = (client: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>;

function prefetching(prefetch: Prefetch) {
  return async (args: LoaderFunctionArgs): Promise<null> => {
    const server = (args.context as ServerLoadContext | undefined)?.queryClient;
    const client = server ?? browserClient;
    if (!client) return null;
    const work = prefetch(client, args).catch(() => undefined);
    if (server) await work;
    return null;
  };
}

/**
 * The root route's: the shop's public settings, which the layout reads (the TEST MODE ribbon).
 * Awaited in the browser too, unlike the pages' prefetches: the ribbon is then in the first
 * render wherever the page renders, never added later to push the page down. Fetched once per
 * visit (the settings change only with a restart); without them the ribbon stays hidden.
 */
export async function rootLoader({ context }: LoaderFunctionArgs): Promise<null> {
  const client = (context as ServerLoadContext | undefined)?.queryClient ?? browserClient;
  await client?.ensureQueryData(publicConfigQueryOptions()).catch(() => undefined);
  return null;
}

const listOf = (request: Request, fixed: { genre?: string; author?: string } = {}) =>
  booksQueryOptions(bookListQuery(readBookListState(new URL(request.url).searchParams), fixed));

/**
 * The author the address chose, if any: the picker shows their name in the page's language. Never
 * the list of every author, which grows with the catalogue (decision 097).
 */
const chosenAuthor = (client: QueryClient, request: Request) => {
  const { author } = readBookListState(new URL(request.url).searchParams);
  return author ? client.ensureQueryData(authorNamedQueryOptions(author)) : undefined;
};

export const homeLoader = prefetching((client, { request }) =>
  Promise.all([
    client.ensureQueryData(listOf(request)),
    // The filter panel's genres (a few dozen: decision 097) and chosen author.
    client.ensureQueryData(genresQueryOptions()),
    chosenAuthor(client, request),
  ]),
);

export const genreLoader = prefetching((client, { request, params }) =>
  Promise.all([
    client.ensureQueryData(genresQueryOptions()),
    chosenAuthor(client, request),
    client.ensureQueryData(listOf(request, { genre: params.genreName ?? '' })),
  ]),
);

export const authorLoader = prefetching((client, { request, params }) =>
  Promise.all([
    client.ensureQueryData(genresQueryOptions()),
    client.ensureQueryData(authorNamedQueryOptions(params.authorName ?? '')),
    client.ensureQueryData(listOf(request, { author: params.authorName ?? '' })),
  ]),
);

export const bookLoader = prefetching(async (client, { params }) => {
  const book = await client.ensureQueryData(bookQueryOptions(params.title ?? ''));
  await client.ensureQueryData(bookReviewsQueryOptions(book.id, FIRST_REVIEWS_PAGE));
});

/** The search results page (decision 088): the page of results its URL asks for. */
export const searchLoader = prefetching((client, { request }) =>
  client.ensureQueryData(searchBookPageQueryOptions(readSearchPageState(new URL(request.url).searchParams))),
);
