import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Book } from '@bookshop/contracts/catalogue';
import { StockAlertMessages } from '@bookshop/contracts/stock-alert-messages';
import type { StockAlertList } from '@bookshop/contracts/stock-alerts';
import { resetSession, startSession } from '../features/auth/session/session-store.ts';
import { makeUser } from '../features/auth/testing/fake-api.ts';
import { StockAlertButton } from '../features/catalogue/components/book-action-buttons.tsx';
import { makeBook } from '../features/catalogue/testing/render.tsx';
import { answerApi, type ApiRequest, type ApiReply } from '../test/network.ts';
import { toast, Toaster } from '../ui/toast.tsx';
import { AppBookActionsProvider } from './book-actions-provider.tsx';
import { createQueryClient } from './query-client.ts';

/** The book page's 'Notify me when it's back' (issue 22, decision 082), with the app's real book actions. */
function renderButton(book: Book) {
  const router = createMemoryRouter(
    [
      { path: '/books/:title', element: <StockAlertButton book={book} /> },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: ['/books/Emma'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AppBookActionsProvider>
        <RouterProvider router={router} />
      </AppBookActionsProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

/** A signed-in customer who asked for `alerted` before; `extra` answers the other stock-alert calls. */
function customerApi(extra: (request: ApiRequest) => ApiReply | undefined, alerted: StockAlertList = []) {
  const api = answerApi((request) => {
    if (request.method === 'GET' && request.path === '/api/v1/wishlist/books-ids') return { body: { booksIds: [] } };
    return (
      extra(request) ??
      (request.method === 'GET' && request.path === '/api/v1/stock-alerts' ? { body: alerted } : undefined)
    );
  });
  act(() => startSession(makeUser()));
  return api;
}

const soldOut = () => makeBook({ id: 7, title: 'Emma', isInStock: false, stockQuantity: 0 });

afterEach(() => {
  act(() => resetSession());
  toast.reset();
});

describe("'Notify me when it's back'", () => {
  it('is not offered for a book in stock, and reads no alerts', async () => {
    const api = customerApi(() => undefined);
    renderButton(makeBook({ title: 'Emma', isInStock: true }));
    await waitFor(() => expect(api.sent('GET', '/api/v1/wishlist/books-ids')).toHaveLength(1));
    expect(screen.queryByText(StockAlertMessages.notifyMe)).not.toBeInTheDocument();
    expect(api.sent('GET', '/api/v1/stock-alerts')).toHaveLength(0);
  });

  it("remembers after a reload that the customer asked: 'We'll e-mail you' at once", async () => {
    const api = customerApi(
      () => undefined,
      [
        { bookId: 3, title: 'Persuasion', createdAt: '2026-11-20T09:00:00.000Z' },
        { bookId: 7, title: 'Emma', createdAt: '2026-11-21T09:00:00.000Z' },
      ],
    );
    renderButton(soldOut());
    expect(await screen.findByRole('status')).toHaveTextContent(StockAlertMessages.willEmail);
    expect(screen.queryByRole('button', { name: StockAlertMessages.notifyMe })).not.toBeInTheDocument();
    expect(api.sent('GET', '/api/v1/stock-alerts')).toHaveLength(1);
    expect(api.sent('POST', '/api/v1/stock-alerts')).toHaveLength(0);
  });

  it('offers the button when the customer asked for other books only', async () => {
    customerApi(() => undefined, [{ bookId: 3, title: 'Persuasion', createdAt: '2026-11-20T09:00:00.000Z' }]);
    renderButton(soldOut());
    await waitFor(() => expect(screen.getByRole('button', { name: StockAlertMessages.notifyMe })).toBeEnabled());
    expect(screen.queryByText(StockAlertMessages.willEmail)).not.toBeInTheDocument();
  });

  it('offers the button when the alerts cannot be read', async () => {
    customerApi(({ method, path }) =>
      method === 'GET' && path === '/api/v1/stock-alerts'
        ? { status: 429, body: { title: 'Too Many Requests', status: 429 } }
        : undefined,
    );
    renderButton(soldOut());
    await waitFor(() => expect(screen.getByRole('button', { name: StockAlertMessages.notifyMe })).toBeEnabled());
  });

  it('sends a guest to the login, remembering the book page', async () => {
    const user = userEvent.setup();
    const api = answerApi(() => undefined);
    const router = renderButton(soldOut());

    await user.click(screen.getByRole('link', { name: StockAlertMessages.notifyMe }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/books/Emma' } });
    expect(api.sent('POST', '/api/v1/stock-alerts')).toHaveLength(0);
    expect(api.sent('GET', '/api/v1/stock-alerts')).toHaveLength(0);
  });

  it("asks for the e-mail, then says 'We'll e-mail you'", async () => {
    const user = userEvent.setup();
    const api = customerApi(({ method, path }) =>
      method === 'POST' && path === '/api/v1/stock-alerts' ? { status: 201, body: null } : undefined,
    );
    renderButton(soldOut());

    await user.click(await screen.findByRole('button', { name: StockAlertMessages.notifyMe }));
    expect(await screen.findByRole('status')).toHaveTextContent(StockAlertMessages.willEmail);
    expect(screen.queryByRole('button', { name: StockAlertMessages.notifyMe })).not.toBeInTheDocument();
    expect(api.sent('POST', '/api/v1/stock-alerts')[0]?.body).toEqual({ bookId: 7 });
    // The list is read again, so another page of the shop knows too.
    await waitFor(() => expect(api.sent('GET', '/api/v1/stock-alerts')).toHaveLength(2));
  });

  it("shows the server's words when it refuses, and keeps the button", async () => {
    const user = userEvent.setup();
    customerApi(({ method }) =>
      method === 'POST'
        ? { status: 409, body: { title: 'Conflict', status: 409, detail: StockAlertMessages.inStock } }
        : undefined,
    );
    renderButton(soldOut());

    const button = await screen.findByRole('button', { name: StockAlertMessages.notifyMe });
    await user.click(button);
    expect(await screen.findByText(StockAlertMessages.inStock)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: StockAlertMessages.notifyMe })).toBeEnabled();
    expect(screen.queryByText(StockAlertMessages.willEmail)).not.toBeInTheDocument();
  });
});
