import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allMessages } from '../../../lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider } from '../../../lib/i18n/i18n.tsx';
import { answerApi } from '../../../test/network.ts';
import { jsonResponse, makeBook, renderRoute } from '../testing/render.tsx';
import { AuthorPage } from './author-page.tsx';
import { GenrePage } from './genre-page.tsx';
import { HomePage } from './home-page.tsx';

/** Answers genres, authors and one page of books, remembering the book list queries. */
function stubCatalogue() {
  const api = answerApi(({ url }) => {
    if (url.pathname === '/api/v1/genres') return jsonResponse([{ id: 1, name: 'Science Fiction' }]);
    if (url.pathname === '/api/v1/authors') return jsonResponse([{ id: 1, name: 'H. G. Wells' }]);
    return jsonResponse({
      data: [makeBook({ title: 'The Time Machine' })],
      paginationDetails: { currentPage: 1, totalPages: 1, noOfRecords: 1, pageSize: 10 },
    });
  });
  return () =>
    api.requests
      .map(({ url }) => url)
      .filter((url) => url.pathname === '/api/v1/books')
      .map((url) => Object.fromEntries(url.searchParams));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HomePage', () => {
  it('opens with the features banner, the delivery promise, the search box and the book list', async () => {
    stubCatalogue();
    renderRoute(<HomePage />);
    const features = within(screen.getByRole('list', { name: 'Features' }));
    for (const feature of [
      'Curated Collections',
      'Smart Filters',
      'Wishlist & Save for Later',
      'One-Click Checkout',
      'Trending & New Releases',
      'Verified Reviews',
      'Free & Fast Shipping',
    ]) {
      expect(features.getByRole('heading', { name: feature })).toBeInTheDocument();
    }
    expect(screen.getByText('Free delivery on orders over 150 AED')).toBeInTheDocument();
    expect(screen.getByText(/next-day shipping on select titles/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search books' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'The Time Machine' })).toBeInTheDocument();
    expect(document.title).toBe('Bookshop');
  });
});

describe('GenrePage and AuthorPage', () => {
  it('lists the books of the genre in the path, headed by its name as the shop spells it', async () => {
    const bookQueries = stubCatalogue();
    renderRoute(<GenrePage />, { at: '/genres/science%20fiction', route: '/genres/:genreName' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Science Fiction' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'The Time Machine' });
    expect(bookQueries()[0]).toMatchObject({ genre: 'science fiction' });
    await waitFor(() => expect(document.title).toBe('Science Fiction | Bookshop'));
  });

  it('lists the books of the author in the path', async () => {
    const bookQueries = stubCatalogue();
    renderRoute(<AuthorPage />, { at: '/authors/H.%20G.%20Wells?hasDiscount=true', route: '/authors/:authorName' });
    expect(await screen.findByRole('heading', { level: 1, name: 'H. G. Wells' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'The Time Machine' });
    expect(bookQueries()[0]).toEqual({ author: 'H. G. Wells', hasDiscount: 'true', pageNo: '1', pageSize: '10' });
    expect(screen.queryByRole('combobox', { name: 'Author' })).not.toBeInTheDocument();
  });

  it.each([
    { page: <GenrePage />, at: '/genres/No%20Such%20Genre', route: '/genres/:genreName', what: 'genre' },
    { page: <AuthorPage />, at: '/authors/Nobody%20Known', route: '/authors/:authorName', what: 'author' },
  ])('shows Page Not Found with a way home for an unknown $what', async ({ page, at, route }) => {
    stubCatalogue();
    renderRoute(page, { at, route });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back To Home Page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('heading', { name: 'The Time Machine' })).not.toBeInTheDocument();
    expect(screen.queryByText('No Books found.')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page Not Found | Bookshop'));
  });
});

describe('GenrePage and AuthorPage in Arabic', () => {
  const arabic = createI18n('ar', allMessages('ar'));
  const threeBooks = {
    data: [makeBook({ title: 'The Time Machine', titleAr: 'آلة الزمن' })],
    paginationDetails: { currentPage: 1, totalPages: 1, noOfRecords: 3, pageSize: 10 },
  };
  const head = (selector: string) => document.head.querySelector(selector);

  it('heads a genre with its Arabic name and counts its books in Arabic, in the page and its meta', async () => {
    const api = answerApi(({ url }) => {
      if (url.pathname === '/api/v1/genres')
        return jsonResponse([{ id: 1, name: 'Science Fiction', nameAr: 'الخيال العلمي' }]);
      if (url.pathname === '/api/v1/authors') return jsonResponse([]);
      return jsonResponse(threeBooks);
    });
    renderRoute(
      <I18nProvider i18n={arabic}>
        <GenrePage />
      </I18nProvider>,
      { at: '/genres/Science%20Fiction', route: '/genres/:genreName' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'الخيال العلمي' })).toBeInTheDocument();
    expect(screen.getByText('الفئة')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'كتب الخيال العلمي' })).toBeInTheDocument();
    expect(await screen.findByText(/^عرض 1–\d+ من 3 كتب$/)).toBeInTheDocument();
    // The list is still asked for by the English name, the genre's key.
    expect(api.requests.find(({ url }) => url.pathname === '/api/v1/books')?.url.searchParams.get('genre')).toBe(
      'Science Fiction',
    );
    await waitFor(() =>
      expect(head('meta[name="description"]')).toHaveAttribute(
        'content',
        '3 كتب في فئة الخيال العلمي لدى Bookshop، نوصلها إلى أنحاء الإمارات.',
      ),
    );
    expect(document.title).toBe('الخيال العلمي | Bookshop');
    expect(head('meta[property="og:image:alt"]')).toHaveAttribute('content', 'غلاف آلة الزمن');
    expect(JSON.parse(head('script[type="application/ld+json"]')!.textContent)).toMatchObject({
      '@type': 'CollectionPage',
      name: 'الخيال العلمي',
      inLanguage: 'ar',
    });
  });

  it('keeps the English name of an author who has no Arabic one', async () => {
    answerApi(({ url }) => {
      if (url.pathname === '/api/v1/authors') return jsonResponse([{ id: 1, name: 'H. G. Wells', nameAr: null }]);
      if (url.pathname === '/api/v1/genres') return jsonResponse([]);
      return jsonResponse({ ...threeBooks, paginationDetails: { ...threeBooks.paginationDetails, noOfRecords: 11 } });
    });
    renderRoute(
      <I18nProvider i18n={arabic}>
        <AuthorPage />
      </I18nProvider>,
      { at: '/authors/H.%20G.%20Wells', route: '/authors/:authorName' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'H. G. Wells' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'كتب H. G. Wells' })).toBeInTheDocument();
    await waitFor(() =>
      expect(head('meta[name="description"]')).toHaveAttribute(
        'content',
        '11 كتابًا من تأليف H. G. Wells لدى Bookshop، نوصلها إلى أنحاء الإمارات.',
      ),
    );
  });
});
