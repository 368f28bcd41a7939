import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Book } from '@bookshop/contracts/catalogue';
import { BookActionsProvider, type BookActions } from '../../../lib/book-actions.tsx';

type RenderOptions = {
  /** The URL to start at. */
  at?: string;
  /** The route pattern the element is mounted on. */
  route?: string;
  actions?: Partial<BookActions>;
};

/** Renders a catalogue screen inside a router, a fresh query cache and stub book actions. */
export function renderRoute(element: ReactElement, { at = '/', route = '/', actions = {} }: RenderOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const bookActions: BookActions = {
    addToCart: vi.fn(async () => {}),
    wishlistStatus: () => 'absent',
    addToWishlist: vi.fn(async () => {}),
    shortLink: vi.fn((book: Book) => Promise.resolve(`https://shop.test/s/${book.id}`)),
    ...actions,
  };
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [at] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <BookActionsProvider value={bookActions}>
        <RouterProvider router={router} />
      </BookActionsProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, client, actions: bookActions };
}

/** The query string of the router's current location, as an object. */
export function currentQuery(router: ReturnType<typeof createMemoryRouter>): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(router.state.location.search));
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });
}

let nextId = 1;

export function makeBook(overrides: Partial<Book> = {}): Book {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: `Book ${id}`,
    titleAr: null,
    description: 'A fine book.',
    descriptionAr: null,
    isbn: '9780000000000',
    price: 40,
    discountPercentage: 0,
    discountedPrice: 40,
    isInStock: true,
    stockQuantity: 10,
    isNextDayDeliveryEligible: false,
    rating: 4,
    ratingCount: 3,
    mainImageURL: `/images/books/book-${id}-400.webp`,
    imageUrls: [`/images/books/book-${id}-400.webp`],
    mainImageIndex: 0,
    authors: [{ id: 1, name: 'Jane Austen', nameAr: null }],
    genres: [{ id: 1, name: 'Classics', nameAr: null }],
    ...overrides,
  };
}
