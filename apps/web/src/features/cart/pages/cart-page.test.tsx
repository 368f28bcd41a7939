import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cartTotals, type Cart, type CartItem } from '@bookshop/contracts/cart';
import type { Book } from '@bookshop/contracts/catalogue';
import { CheckoutMessages, MAX_COPIES_PER_TITLE } from '@bookshop/contracts/checkout';
import { answerApi } from '../../../test/network.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { toast } from '../../../ui/toast.tsx';
import { guestCart } from '../guest-cart.ts';
import { CartPage } from './cart-page.tsx';

function line(overrides: Partial<CartItem> & Pick<CartItem, 'id' | 'title'>): CartItem {
  const item: CartItem = {
    titleAr: null,
    description: 'A book.',
    descriptionAr: null,
    imageUrl: `/images/books/${overrides.id}-400.webp`,
    price: 40,
    discountPercentage: 0,
    discountedPrice: 40,
    quantity: 1,
    isInStock: true,
    stockQuantity: 10,
    isNextDayDeliveryEligible: false,
    priceWhenAdded: overrides.discountedPrice ?? 40,
    isPriceChanged: false,
    isQuantityAvailable: true,
    lineTotal: 0,
    ...overrides,
  };
  return { ...item, lineTotal: item.discountedPrice * item.quantity };
}

/** A cart as the API answers it, totals from the shared rule. */
const cartOf = (items: CartItem[]): Cart => ({ items, ...cartTotals(items) });

function renderCart(customer: boolean) {
  const router = createMemoryRouter(
    [
      { path: '/cart', element: <CartPage customer={customer} /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/cart'] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** A server cart the stub changes the way the API does (PUT 0 drops the line). */
function stubServerCart(initial: CartItem[]) {
  let items = initial;
  return answerApi(({ method, path, body }) => {
    if (path === '/api/v1/cart' && method === 'GET') return { body: cartOf(items) };
    if (path === '/api/v1/cart' && method === 'PUT') {
      const { bookId, quantity } = body as { bookId: number; quantity: number };
      items = items.flatMap((item) =>
        item.id !== bookId
          ? [item]
          : quantity === 0
            ? []
            : // Changing a line records today's price, as the API does.
              [line({ ...item, quantity, priceWhenAdded: item.discountedPrice, isPriceChanged: false })],
      );
      return { body: cartOf(items) };
    }
    if (path === '/api/v1/cart/delete-item' && method === 'DELETE') {
      items = items.filter((item) => item.id !== (body as { bookId: number }).bookId);
      return { body: cartOf(items) };
    }
    if (path === '/api/v1/cart' && method === 'DELETE') {
      items = [];
      return { body: cartOf(items) };
    }
    return undefined;
  });
}

const quantityOf = (title: string) =>
  within(screen.getByRole('group', { name: `Quantity of ${title}` })).getByRole('status');

afterEach(() => toast.reset());

describe('cart page of a logged-in customer', () => {
  it('steps quantities through PUT and replaces the cart with the answer; remove at one drops the line', async () => {
    const user = userEvent.setup();
    const api = stubServerCart([line({ id: 1, title: 'Emma', quantity: 2 }), line({ id: 2, title: 'Persuasion' })]);
    renderCart(true);

    expect(await screen.findByRole('heading', { name: 'Emma' })).toBeInTheDocument();
    expect(quantityOf('Emma')).toHaveTextContent('2');

    await user.click(screen.getByRole('button', { name: 'Add one copy of Emma' }));
    await waitFor(() => expect(quantityOf('Emma')).toHaveTextContent('3'));
    expect(api.sent('PUT', '/api/v1/cart').at(-1)?.body).toEqual({ bookId: 1, quantity: 3 });

    await user.click(screen.getByRole('button', { name: 'Remove one copy of Emma' }));
    await waitFor(() => expect(quantityOf('Emma')).toHaveTextContent('2'));
    expect(api.sent('PUT', '/api/v1/cart').at(-1)?.body).toEqual({ bookId: 1, quantity: 2 });

    // Persuasion has one copy: removing one drops the line.
    await user.click(screen.getByRole('button', { name: 'Remove Persuasion from the cart' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Persuasion' })).not.toBeInTheDocument());
    expect(api.sent('PUT', '/api/v1/cart').at(-1)?.body).toEqual({ bookId: 2, quantity: 0 });
    // Every change answered the whole cart: it was fetched once only.
    expect(api.sent('GET', '/api/v1/cart')).toHaveLength(1);
  });

  it('stops the + button at the copies in stock', async () => {
    stubServerCart([line({ id: 1, title: 'Emma', quantity: 3, stockQuantity: 3 })]);
    renderCart(true);
    expect(await screen.findByRole('button', { name: 'Add one copy of Emma' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove one copy of Emma' })).toBeEnabled();
  });

  it(`stops the + button at ${MAX_COPIES_PER_TITLE} copies and says how to order more`, async () => {
    stubServerCart([
      line({ id: 1, title: 'Emma', quantity: MAX_COPIES_PER_TITLE, stockQuantity: 50 }),
      line({ id: 2, title: 'Persuasion', quantity: 2, stockQuantity: 50 }),
    ]);
    renderCart(true);
    expect(await screen.findByRole('button', { name: 'Add one copy of Emma' })).toBeDisabled();
    expect(screen.getByText(CheckoutMessages.copiesPerTitleMax)).toBeInTheDocument();
    expect(screen.getAllByText(CheckoutMessages.copiesPerTitleMax)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add one copy of Persuasion' })).toBeEnabled();
  });

  it('deletes a line and clears the cart after confirming, then shows the empty state', async () => {
    const user = userEvent.setup();
    const api = stubServerCart([line({ id: 1, title: 'Emma', quantity: 2 }), line({ id: 2, title: 'Persuasion' })]);
    renderCart(true);

    await user.click(await screen.findByRole('button', { name: 'Delete Emma' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Emma' })).not.toBeInTheDocument());
    expect(api.sent('DELETE', '/api/v1/cart/delete-item')[0]?.body).toEqual({ bookId: 1 });

    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear your cart?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(api.sent('DELETE', '/api/v1/cart')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Browse Books' })).toHaveAttribute('href', '/');
  });

  it('flags lines that sold out, are short of copies or changed price, and blocks checkout with the reason', async () => {
    stubServerCart([
      line({ id: 1, title: 'Emma', isInStock: false, stockQuantity: 0, isQuantityAvailable: false }),
      line({ id: 2, title: 'Persuasion', quantity: 3, stockQuantity: 1, isQuantityAvailable: false }),
      line({
        id: 3,
        title: 'Sanditon',
        price: 50,
        discountPercentage: 20,
        discountedPrice: 40,
        priceWhenAdded: 45,
        isPriceChanged: true,
      }),
    ]);
    renderCart(true);

    const emma = await screen.findByRole('listitem', { name: 'Emma' });
    expect(
      within(emma).getByText('This book is now out of stock. Remove it to continue to checkout.'),
    ).toBeInTheDocument();
    const persuasion = screen.getByRole('listitem', { name: 'Persuasion' });
    expect(
      within(persuasion).getByText('Only 1 copy is left. Lower the quantity to continue to checkout.'),
    ).toBeInTheDocument();
    const sanditon = screen.getByRole('listitem', { name: 'Sanditon' });
    expect(
      within(sanditon).getByText('The price changed from Dhs 45.00 to Dhs 40.00 since you added it.'),
    ).toBeInTheDocument();
    // The discount shows as the old price struck through beside the new one.
    expect(within(sanditon).getByText('Dhs 50.00').tagName).toBe('S');

    const checkout = screen.getByRole('button', { name: 'Proceed to Checkout' });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription(/out of stock or short of copies/);
  });

  it('lets a customer go to checkout when every line is in stock', async () => {
    stubServerCart([line({ id: 1, title: 'Emma' })]);
    renderCart(true);
    expect(await screen.findByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('holds checkout until the customer accepts a changed price, which records it through PUT', async () => {
    const user = userEvent.setup();
    const api = stubServerCart([
      line({ id: 1, title: 'Emma', quantity: 2, priceWhenAdded: 35, isPriceChanged: true }),
      line({ id: 2, title: 'Persuasion' }),
    ]);
    renderCart(true);

    const checkout = await screen.findByRole('button', { name: 'Proceed to Checkout' });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription(/price of some books changed/);

    await user.click(screen.getByRole('button', { name: 'Accept New Price of Emma' }));
    expect(await screen.findByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
    expect(api.sent('PUT', '/api/v1/cart')[0]?.body).toEqual({ bookId: 1, quantity: 2 });
    expect(screen.queryByText(/The price changed from/)).not.toBeInTheDocument();
  });

  it('shows the totals and how much more is needed for free delivery', async () => {
    stubServerCart([
      line({ id: 1, title: 'Emma', price: 62.5, discountPercentage: 20, discountedPrice: 50, quantity: 2 }),
    ]);
    renderCart(true);

    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('Dhs 125.00')).toBeInTheDocument();
    expect(within(summary).getByText('− Dhs 25.00')).toBeInTheDocument();
    expect(within(summary).getByText('Dhs 100.00')).toBeInTheDocument();
    expect(summary).toHaveTextContent('Add Dhs 50.01 more to get free standard delivery on orders over Dhs 150.00.');
  });

  it('says delivery is free once the books cost over Dhs 150', async () => {
    stubServerCart([line({ id: 1, title: 'Emma', price: 75.01, discountedPrice: 75.01, quantity: 2 })]);
    renderCart(true);
    expect(await screen.findByText('Your order qualifies for free standard delivery.')).toBeInTheDocument();
  });
});

describe('cart page of a guest', () => {
  const book = (overrides: Partial<Book>): Book => ({
    id: 7,
    title: 'Middlemarch',
    titleAr: null,
    description: 'A study of provincial life.',
    descriptionAr: null,
    isbn: '9780141439549',
    price: 45,
    discountPercentage: 0,
    discountedPrice: 45,
    isInStock: true,
    stockQuantity: 2,
    isNextDayDeliveryEligible: false,
    rating: 4.5,
    ratingCount: 12,
    mainImageURL: null,
    imageUrls: [],
    mainImageIndex: 0,
    authors: [],
    genres: [],
    ...overrides,
  });

  beforeEach(() => guestCart.clear());

  it('keeps the browser cart: stepper within stock, remove at one drops the line, no API calls', async () => {
    const user = userEvent.setup();
    const api = answerApi(() => undefined);
    guestCart.add(book({}));
    guestCart.add(book({ id: 8, title: 'Emma', stockQuantity: 5 }));
    renderCart(false);

    await user.click(screen.getByRole('button', { name: 'Add one copy of Middlemarch' }));
    expect(quantityOf('Middlemarch')).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'Add one copy of Middlemarch' })).toBeDisabled();
    expect(screen.getByRole('region', { name: 'Order Summary' })).toHaveTextContent('Dhs 135.00');

    await user.click(screen.getByRole('button', { name: 'Remove Emma from the cart' }));
    expect(screen.queryByRole('heading', { name: 'Emma' })).not.toBeInTheDocument();
    expect(guestCart.get()[8]).toBeUndefined();
    expect(api.requests).toHaveLength(0);
  });

  it('sends a guest to /login before checkout, remembering /checkout', async () => {
    const user = userEvent.setup();
    guestCart.add(book({}));
    const router = renderCart(false);

    await user.click(screen.getByRole('link', { name: 'Login to Checkout' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: { pathname: '/checkout', search: '', hash: '' } });
  });

  it('shows the empty state', () => {
    renderCart(false);
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
  });
});
