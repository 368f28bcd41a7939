import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WishlistItem } from '@bookshop/contracts/wishlist';
import { ApiError } from '../../../lib/api-client.ts';
import { BookActionsProvider, type BookActions } from '../../../lib/book-actions.tsx';
import { answerApi } from '../../../test/network.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { toast, Toaster } from '../../../ui/toast.tsx';
import { WishListPage } from './wish-list-page.tsx';

function wished(id: number, title: string, overrides: Partial<WishlistItem> = {}): WishlistItem {
  return {
    id,
    title,
    titleAr: null,
    description: '',
    descriptionAr: null,
    isbn: '9780000000000',
    price: 40,
    discountPercentage: 0,
    discountedPrice: 40,
    isInStock: true,
    stockQuantity: 5,
    isNextDayDeliveryEligible: false,
    rating: 4,
    ratingCount: 1,
    mainImageURL: null,
    imageUrls: [],
    mainImageIndex: 0,
    authors: [{ id: 1, name: 'Jane Austen', nameAr: null }],
    genres: [],
    addedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** A wishlist the stub changes as the API does. */
function stubWishlist(initial: WishlistItem[]) {
  let books = initial;
  const ids = () => ({ booksIds: books.map((book) => book.id) });
  return answerApi(({ method, path }) => {
    if (method === 'GET' && path === '/api/v1/wishlist') {
      return {
        body: {
          data: books,
          paginationDetails: { currentPage: 1, totalPages: 1, noOfRecords: books.length, pageSize: 20 },
        },
      };
    }
    const one = /^\/api\/v1\/wishlist\/(\d+)$/.exec(path);
    if (method === 'DELETE' && one) {
      books = books.filter((book) => book.id !== Number(one[1]));
      return { body: ids() };
    }
    if (method === 'DELETE' && path === '/api/v1/wishlist') {
      books = [];
      return { body: ids() };
    }
    return undefined;
  });
}

function renderPage(addToCart: BookActions['addToCart'] = vi.fn(async () => {})) {
  const actions: BookActions = {
    addToCart,
    wishlistStatus: () => 'present',
    addToWishlist: vi.fn(async () => {}),
    shortLink: vi.fn(() => Promise.resolve('https://shop.test/s/abc')),
  };
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <BookActionsProvider value={actions}>
        <MemoryRouter>
          <WishListPage />
        </MemoryRouter>
      </BookActionsProvider>
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => toast.reset());

describe('wish-list page', () => {
  it('moves a book to the cart: adds it, then takes it off the wishlist', async () => {
    const user = userEvent.setup();
    const api = stubWishlist([wished(1, 'Emma'), wished(2, 'Persuasion')]);
    const addToCart = vi.fn(async () => {});
    renderPage(addToCart);

    await user.click(await screen.findByRole('button', { name: 'Move to Cart — Emma' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Emma' })).not.toBeInTheDocument());
    expect(addToCart).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    expect(api.sent('DELETE', '/api/v1/wishlist/1')).toHaveLength(1);
    expect(screen.getByText('Book Added To Cart.')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Persuasion' })).toBeInTheDocument();
  });

  it('keeps the book on the wishlist when the cart refuses it', async () => {
    const user = userEvent.setup();
    const api = stubWishlist([wished(1, 'Emma')]);
    const refusal = new ApiError(409, {
      title: 'Conflict',
      status: 409,
      detail: 'Only 2 copies of "Emma" are in stock.',
    });
    renderPage(vi.fn(async () => Promise.reject(refusal)));

    await user.click(await screen.findByRole('button', { name: 'Move to Cart — Emma' }));
    expect(await screen.findByText('Failed to add book to cart.')).toBeInTheDocument();
    expect(screen.getByText('Only 2 copies of "Emma" are in stock.')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Emma' })).toBeInTheDocument();
    expect(api.sent('DELETE', '/api/v1/wishlist/1')).toHaveLength(0);
  });

  it('cannot move a sold-out book to the cart, but can remove it', async () => {
    const user = userEvent.setup();
    stubWishlist([wished(1, 'Emma', { isInStock: false, stockQuantity: 0 })]);
    renderPage();

    const emma = await screen.findByRole('listitem', { name: 'Emma' });
    expect(within(emma).getByText('Out of Stock')).toBeInTheDocument();
    expect(within(emma).getByRole('button', { name: 'Move to Cart — Emma' })).toBeDisabled();
    await user.click(within(emma).getByRole('button', { name: 'Remove — Emma' }));
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
  });

  it('clears the wishlist after confirming', async () => {
    const user = userEvent.setup();
    const api = stubWishlist([wished(1, 'Emma'), wished(2, 'Persuasion')]);
    renderPage();

    expect(await screen.findByText('2 books')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Wishlist' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Clear your wishlist?' })).getByRole('button', {
        name: 'Clear Wishlist',
      }),
    );
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
    expect(api.sent('DELETE', '/api/v1/wishlist')).toHaveLength(1);
  });
});
