import '@testing-library/jest-dom/vitest';
import { text } from 'node:stream/consumers';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Book } from '@bookshop/contracts/catalogue';
import { configure, render as renderOnServer } from '../entry-server.tsx';
import { makeBook } from '../features/catalogue/testing/render.tsx';
import { answerApi, ok, problem, type ApiReply, type ApiRequest } from '../test/network.ts';
import { createTestQueryClient } from '../test/render.tsx';
import { setLoaderQueryClient } from './loaders.ts';
import { AppProviders } from './providers.tsx';
import { allMessages } from '../lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider } from '../lib/i18n/i18n.tsx';
import { basenameOf } from '../lib/i18n/locale.ts';
import { routes, routesFor } from './router.tsx';

/** The search results page, `/search?keyword=…` (decision 088), through the app's own routes and loaders. */

const CONFIG = { googleClientId: null, testMode: false };
const poems = Array.from({ length: 24 }, (_, i) =>
  makeBook({ title: `Collected Verse ${String(i + 1).padStart(2, '0')}` }),
);

/** 24 books for 'poetry', paged as asked; nothing for anything else; `search` answers instead when given. */
function stubShop(search?: (request: ApiRequest) => ApiReply | Promise<ApiReply>) {
  return answerApi((request) => {
    if (request.path === '/api/v1/config') return ok(CONFIG);
    if (request.path === '/api/v1/genres' || request.path === '/api/v1/authors') return ok([]);
    if (request.path !== '/api/v1/search/books') return undefined;
    if (search) return search(request);
    const keyword = request.url.searchParams.get('keyword');
    const pageNo = Number(request.url.searchParams.get('pageNo'));
    const pageSize = Number(request.url.searchParams.get('pageSize'));
    const found: Book[] = keyword === 'poetry' ? poems : [];
    return ok({
      data: found.slice((pageNo - 1) * pageSize, pageNo * pageSize),
      paginationDetails: {
        currentPage: pageNo,
        totalPages: Math.ceil(found.length / pageSize),
        noOfRecords: found.length,
        pageSize,
      },
    });
  });
}

function openPage(path: string) {
  const client = createTestQueryClient();
  setLoaderQueryClient(client);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const searchRequests = (requests: ApiRequest[]) =>
  requests.filter((request) => request.path === '/api/v1/search/books').map((request) => request.search);

afterEach(() => {
  cleanup();
  setLoaderQueryClient(undefined);
  document.head.querySelectorAll('[data-page-meta]').forEach((element) => element.remove());
});

describe('the search results page', () => {
  it('lists the first page of every book found, with the count, the pager and a noindex title', async () => {
    const api = stubShop();
    openPage('/search?keyword=poetry');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for “poetry”' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Collected Verse 01' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Collected Verse 10' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Collected Verse 11' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1–10 of 24 books found')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search books' })).toHaveValue('poetry');
    await waitFor(() => expect(document.title).toBe('Search results for “poetry” | Bookshop'));
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // (The test client holds nothing fresh, so the page may ask again what its loader asked.)
    expect(new Set(searchRequests(api.requests))).toEqual(new Set(['?keyword=poetry&pageNo=1&pageSize=10']));
  });

  it('pages on with the book list’s pager and page sizes, keeping them in the URL', async () => {
    const api = stubShop();
    const router = openPage('/search?keyword=poetry');
    await screen.findByRole('heading', { name: 'Collected Verse 01' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('heading', { name: 'Collected Verse 11' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?keyword=poetry&pageNo=2');
    expect(screen.getByText('Showing 11–20 of 24 books found')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Books per page' }), '25');
    expect(await screen.findByText('Showing 1–24 of 24 books found')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?keyword=poetry&pageSize=25');
    expect(searchRequests(api.requests).at(-1)).toBe('?keyword=poetry&pageNo=1&pageSize=25');
  });

  it('says when nothing matches', async () => {
    stubShop();
    openPage('/search?keyword=zzzz');
    expect(await screen.findByText('No books match “zzzz”. Try another title, author or genre.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('asks for a keyword when there is none, without asking the API', async () => {
    const api = stubShop();
    openPage('/search?keyword=%20%20');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(screen.getByText(/Type a title, author or genre in the search box/)).toBeInTheDocument();
    expect(searchRequests(api.requests)).toEqual([]);
  });

  it('shows skeletons while loading, then the list’s error with a retry that works', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    stubShop(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      if (fail) return problem(500, 'Internal Server Error');
      return ok({
        data: [poems[0]],
        paginationDetails: { currentPage: 1, totalPages: 1, noOfRecords: 1, pageSize: 10 },
      });
    });
    openPage('/search?keyword=verse');
    expect(await screen.findByRole('status', { name: 'Loading books' })).toBeInTheDocument();
    release();
    expect(await screen.findByText('An Error Has Occurred!')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => release());
    expect(await screen.findByRole('heading', { name: 'Collected Verse 01' })).toBeInTheDocument();
  });

  it('points past the last page to the last one', async () => {
    stubShop();
    openPage('/search?keyword=poetry&pageNo=9');
    const link = await screen.findByRole('link', { name: 'Go to the last page (3)' });
    expect(link).toHaveAttribute('href', '/search?keyword=poetry&pageNo=3&pageSize=10');
  });
});

describe('the search results page rendered on the server', () => {
  afterEach(() => configure({ api: (url, init) => fetch(url, init) }));

  it('arrives whole, with its title, its books and noindex', async () => {
    stubShop();
    configure({ api: (url, init) => fetch(new URL(url, 'http://shop.test'), init) });
    const rendered = await renderOnServer(new Request('http://shop.test/search?keyword=poetry&pageNo=3'), {
      origin: 'http://shop.test',
    });
    if (rendered.kind !== 'page') throw new Error(`rendered ${rendered.kind}`);
    expect(rendered.head).toContain('<title>Search results for “poetry” | Bookshop</title>');
    expect(rendered.head).toContain('<meta name="robots" content="noindex"');
    const markup = await text(rendered.body);
    expect(markup).toContain('Collected Verse 21');
    expect(markup).toContain('Collected Verse 24');
    expect(markup).not.toContain('Collected Verse 20');
    expect(markup).toContain('Showing 21–24 of 24 books found');
  });
});

describe('/ar/search in Arabic', () => {
  function openArabicPage(path: string) {
    const client = createTestQueryClient();
    setLoaderQueryClient(client);
    const router = createMemoryRouter(routesFor('ar'), { initialEntries: [path], basename: basenameOf('ar') });
    render(
      <I18nProvider i18n={createI18n('ar', allMessages('ar'))}>
        <AppProviders queryClient={client}>
          <RouterProvider router={router} />
        </AppProviders>
      </I18nProvider>,
    );
  }

  it('heads the results in Arabic and counts them in Arabic plural forms', async () => {
    stubShop();
    openArabicPage('/ar/search?keyword=poetry');
    expect(await screen.findByRole('heading', { level: 1, name: 'نتائج البحث عن «poetry»' })).toBeInTheDocument();
    expect(await screen.findByText('عرض 1–10 من 24 كتابًا في النتائج')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('نتائج البحث عن «poetry» | Bookshop'));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      '24 كتابًا يطابق «poetry» في العنوان أو المؤلف أو الفئة.',
    );
  });

  it('says in Arabic when nothing matches, and what to type when there is no keyword', async () => {
    stubShop();
    openArabicPage('/ar/search?keyword=nothing');
    expect(await screen.findByText('لا كتب تطابق «nothing». جرّب عنوانًا أو مؤلفًا أو فئة أخرى.')).toBeInTheDocument();
    cleanup();
    openArabicPage('/ar/search');
    expect(await screen.findByRole('heading', { level: 1, name: 'البحث' })).toBeInTheDocument();
    expect(screen.getByText('اكتب عنوانًا أو اسم مؤلف أو فئة في مربع البحث لترى الكتب المطابقة.')).toBeInTheDocument();
  });
});

describe('/ar/search rendered on the server', () => {
  afterEach(() => configure({ api: (url, init) => fetch(url, init) }));

  it('writes the Arabic title, description and counts into the first HTML', async () => {
    stubShop();
    configure({ api: (url, init) => fetch(new URL(url, 'http://shop.test'), init) });
    const rendered = await renderOnServer(new Request('http://shop.test/ar/search?keyword=poetry'), {
      origin: 'http://shop.test',
    });
    if (rendered.kind !== 'page') throw new Error(`rendered ${rendered.kind}`);
    expect(rendered.head).toContain('<title>نتائج البحث عن «poetry» | Bookshop</title>');
    expect(rendered.head).toContain('content="24 كتابًا يطابق «poetry» في العنوان أو المؤلف أو الفئة."');
    expect(await text(rendered.body)).toContain('عرض 1–10 من 24 كتابًا في النتائج');
  });
});
