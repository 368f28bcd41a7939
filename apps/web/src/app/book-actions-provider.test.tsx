import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartTotals } from '@bookshop/contracts/cart';
import { LinkMessages } from '@bookshop/contracts/links';
import type { Book } from '@bookshop/contracts/catalogue';
import { resetSession, startSession } from '../features/auth/session/session-store.ts';
import { makeUser } from '../features/auth/testing/fake-api.ts';
import { guestCart } from '../features/cart/guest-cart.ts';
import { AddToCartButton, WishlistButton } from '../features/catalogue/components/book-action-buttons.tsx';
import { ShareButton } from '../features/catalogue/components/share-button.tsx';
import { makeBook } from '../features/catalogue/testing/render.tsx';
import { answerApi, type ApiRequest, type ApiReply } from '../test/network.ts';
import { toast, Toaster } from '../ui/toast.tsx';
import { allMessages } from '../lib/i18n/all-catalogs.ts';
import { createI18n, I18nProvider } from '../lib/i18n/i18n.tsx';
import { AppBookActionsProvider } from './book-actions-provider.tsx';
import { useCartSummary } from './cart-summary.ts';
import { createQueryClient } from './query-client.ts';

function CartCount() {
  const { count, loading } = useCartSummary();
  return <p>{loading ? 'Cart loading' : `Cart count ${count}`}</p>;
}

function renderButtons(book: Book, at = '/books/Emma', locale: 'en' | 'ar' = 'en') {
  const router = createMemoryRouter(
    [
      {
        path: '/books/:title',
        element: (
          <>
            <CartCount />
            <AddToCartButton book={book} />
            <WishlistButton book={book} />
            <ShareButton book={book} />
          </>
        ),
      },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: [at] },
  );
  render(
    // The app's own client, so its central error toast would show if a failure were not silent.
    <I18nProvider i18n={createI18n(locale, allMessages(locale))}>
      <QueryClientProvider client={createQueryClient()}>
        <AppBookActionsProvider>
          <RouterProvider router={router} />
        </AppBookActionsProvider>
        <Toaster />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return router;
}

const emptyCart = { items: [], ...cartTotals([]) };

/** A logged-in customer whose wishlist holds `ids`; `extra` answers the rest. */
function customerApi(ids: number[], extra: (request: ApiRequest) => ApiReply | undefined = () => undefined) {
  return answerApi((request) => {
    if (request.method === 'GET' && request.path === '/api/v1/wishlist/books-ids') return { body: { booksIds: ids } };
    if (request.method === 'GET' && request.path === '/api/v1/cart') return { body: emptyCart };
    return extra(request);
  });
}

afterEach(() => {
  act(() => resetSession());
  toast.reset();
  guestCart.clear();
});

describe('book card buttons for a guest', () => {
  it("offers 'LOGIN TO ADD WISHLIST', going to /login and remembering the page", async () => {
    const user = userEvent.setup();
    const api = answerApi(() => undefined);
    const router = renderButtons(makeBook({ title: 'Emma' }));

    await user.click(screen.getByRole('link', { name: 'LOGIN TO ADD WISHLIST' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/books/Emma' } });
    // Guests never call the wishlist or cart API.
    expect(api.requests).toHaveLength(0);
  });

  it('adds to the cart kept in this browser', async () => {
    const user = userEvent.setup();
    answerApi(() => undefined);
    renderButtons(makeBook({ id: 3, title: 'Emma' }));

    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(await screen.findByText('Book Added To Cart.')).toBeInTheDocument();
    expect(guestCart.get()[3]?.quantity).toBe(1);
    expect(screen.getByText('Cart count 1')).toBeInTheDocument();
  });
});

describe('book card buttons for a logged-in customer', () => {
  it("shows a disabled 'Already Added' for a book in the wishlist", async () => {
    customerApi([4]);
    act(() => startSession(makeUser()));
    renderButtons(makeBook({ id: 4, title: 'Emma' }));
    expect(await screen.findByRole('button', { name: 'Already Added' })).toBeDisabled();
  });

  it("adds to the wishlist with the spec's toast, then shows 'Already Added'", async () => {
    const user = userEvent.setup();
    const api = customerApi([], ({ method, path }) =>
      method === 'POST' && path === '/api/v1/wishlist' ? { body: { booksIds: [4] } } : undefined,
    );
    act(() => startSession(makeUser()));
    renderButtons(makeBook({ id: 4, title: 'Emma' }));

    await user.click(await screen.findByRole('button', { name: 'ADD TO WISHLIST' }));
    expect(await screen.findByText('Book Added To Wishlist.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Already Added' })).toBeDisabled();
    expect(api.sent('POST', '/api/v1/wishlist')[0]?.body).toEqual({ bookId: 4 });
  });

  it('keeps a failed wishlist add silent', async () => {
    const user = userEvent.setup();
    customerApi([], ({ method }) =>
      method === 'POST'
        ? { status: 409, body: { title: 'Conflict', status: 409, detail: 'Your wishlist is full.' } }
        : undefined,
    );
    act(() => startSession(makeUser()));
    renderButtons(makeBook({ id: 4, title: 'Emma' }));

    const button = await screen.findByRole('button', { name: 'ADD TO WISHLIST' });
    await user.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByText('Conflict')).not.toBeInTheDocument();
    expect(screen.queryByText('Your wishlist is full.')).not.toBeInTheDocument();
    expect(screen.queryByText('Book Added To Wishlist.')).not.toBeInTheDocument();
  });

  it("adds to the server cart and shows its new count; a refusal shows the failure toast with the server's words", async () => {
    const user = userEvent.setup();
    const book = makeBook({ id: 4, title: 'Emma' });
    let refuse = false;
    customerApi([], ({ method, path }) => {
      if (method !== 'POST' || path !== '/api/v1/cart') return undefined;
      if (refuse)
        return { status: 409, body: { title: 'Conflict', status: 409, detail: 'Only 1 copy of "Emma" is in stock.' } };
      const items = [
        {
          ...book,
          imageUrl: null,
          quantity: 1,
          priceWhenAdded: 40,
          isPriceChanged: false,
          isQuantityAvailable: true,
          lineTotal: 40,
        },
      ];
      return { body: { items, ...cartTotals(items) } };
    });
    act(() => startSession(makeUser()));
    renderButtons(book);

    expect(await screen.findByText('Cart count 0')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(await screen.findByText('Book Added To Cart.')).toBeInTheDocument();
    expect(screen.getByText('Cart count 1')).toBeInTheDocument();
    expect(guestCart.get()[4]).toBeUndefined();

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(await screen.findByText('Failed to add book to cart.')).toBeInTheDocument();
    // Spec section 8: the toast's body is the server's explanation, under the card's own title;
    // no second, generic toast.
    expect(screen.getByText('Only 1 copy of "Emma" is in stock.')).toBeInTheDocument();
    expect(screen.queryByText('Conflict')).not.toBeInTheDocument();
  });
});

describe('the Share button', () => {
  const shareable = makeBook({ id: 5, title: 'Pride and Prejudice' });
  const shortUrl = 'http://shop.test/s/Xy-9_abc';

  function copyTarget() {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    return writeText;
  }

  it("shortens the book's own page once, for a guest too, and copies the short link", async () => {
    const user = userEvent.setup();
    const api = answerApi(({ method, path }) =>
      method === 'POST' && path === '/api/v1/link-shortner' ? { body: { id: 'Xy-9_abc', shortUrl } } : undefined,
    );
    const writeText = copyTarget();
    // Opened under another spelling of the title: the link is still the book's canonical page.
    renderButtons(shareable, '/books/pride%20and%20prejudice');

    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText(LinkMessages.copied)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(shortUrl);
    expect(api.sent('POST', '/api/v1/link-shortner').map((r) => r.body)).toEqual([
      { originalUrl: '/books/Pride%20and%20Prejudice' },
    ]);

    // The same page always has the same link: a second Share asks nothing.
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    expect(api.sent('POST', '/api/v1/link-shortner')).toHaveLength(1);
  });

  it('shares the Arabic page from an Arabic page, so the link opens in Arabic', async () => {
    const user = userEvent.setup();
    const api = answerApi(({ method, path }) =>
      method === 'POST' && path === '/api/v1/link-shortner' ? { body: { id: 'Ar-1', shortUrl } } : undefined,
    );
    const writeText = copyTarget();
    renderButtons(shareable, '/books/Pride%20and%20Prejudice', 'ar');

    await user.click(screen.getByRole('button', { name: 'مشاركة' }));
    expect(await screen.findByText('نُسخ الرابط.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(shortUrl);
    expect(api.sent('POST', '/api/v1/link-shortner').map((r) => r.body)).toEqual([
      { originalUrl: '/ar/books/Pride%20and%20Prejudice' },
    ]);
  });

  it("shows the spec's toast when the server refuses, and copies nothing", async () => {
    const user = userEvent.setup();
    answerApi(({ method }) =>
      method === 'POST'
        ? {
            status: 429,
            body: { title: 'Too Many Request', status: 429, detail: 'Too many requests, Calm down horse !' },
          }
        : undefined,
    );
    const writeText = copyTarget();
    renderButtons(shareable);

    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Too Many Request')).toBeInTheDocument();
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText(LinkMessages.copied)).not.toBeInTheDocument();
  });
});
