import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RoleName } from '@bookshop/contracts/enums';
import { Routes } from '@bookshop/contracts/routes';
import { installSessionRefresh, resetSession } from '../features/auth/session/session-store.ts';
import { fakeApi, makeStaff, makeUser, ok, problem, withSessionCookie } from '../features/auth/testing/fake-api.ts';
import { GUEST_CART_STORAGE_KEY } from '../features/cart/guest-cart.ts';
import { createTestQueryClient } from '../test/render.tsx';
import { AppProviders } from './providers.tsx';
import { routes } from './router.tsx';

const guestCartLine = {
  id: 5,
  title: 'Emma',
  price: 40,
  quantity: 2,
  description: '',
  imageUrl: null,
  isInStock: true,
  discountPercentage: 0,
  discountedPrice: 40,
  stockQuantity: 9,
};

/** Puts a line in the guest cart as another tab would (the cart module reads storage changes from events). */
function putInGuestCart(line: typeof guestCartLine) {
  localStorage.setItem(GUEST_CART_STORAGE_KEY, JSON.stringify({ [line.id]: line }));
  window.dispatchEvent(new StorageEvent('storage', { key: GUEST_CART_STORAGE_KEY }));
}

function renderApp(at: string) {
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  installSessionRefresh(() => router.navigate(Routes.home));
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const emptyPage = { data: [], paginationDetails: { currentPage: 1, totalPages: 0, noOfRecords: 0, pageSize: 10 } };
/** What the shell and the home page ask for, answered empty. */
const shop = {
  'GET /api/v1/genres': ok([]),
  'GET /api/v1/authors': ok([]),
  'GET /api/v1/books': ok(emptyPage),
};

// The shell's header comes first; a page may have a header of its own (About Us does).
const header = () => screen.getAllByRole('banner')[0]!;
// Pages are loaded on demand; the first load of one in a test run can take a while.
const SLOW = { timeout: 5000 };
const restored = () => screen.findAllByRole('banner', {}, SLOW);

afterEach(() => {
  act(() => resetSession());
});

describe('the session across the app', { timeout: 20_000 }, () => {
  it('is restored by one refresh before the routes render; the header shows the avatar and Logout', async () => {
    withSessionCookie();
    const api = fakeApi({
      'POST /api/v1/users/app-rt': ok(makeUser({ userName: 'nora' })),
      ...shop,
    });
    renderApp(Routes.aboutUs);
    await restored();

    const avatar = await within(header()).findByRole('link', { name: 'Account of nora' }, SLOW);
    expect(avatar).toHaveAttribute('href', Routes.account);
    expect(avatar).toHaveTextContent('n');
    expect(within(header()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(header()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(header()).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(api.to('POST /api/v1/users/app-rt')).toHaveLength(1);
  });

  it('asks a visitor without a session cookie for no refresh, and shows Login', async () => {
    const api = fakeApi({ ...shop });
    renderApp(Routes.aboutUs);
    await restored();
    expect(await within(header()).findByRole('link', { name: 'Login' }, SLOW)).toBeInTheDocument();
    expect(api.to('POST /api/v1/users/app-rt')).toEqual([]);
  });

  it('shows the Dashboard link to logged-in staff only', async () => {
    withSessionCookie();
    fakeApi({ 'POST /api/v1/users/app-rt': ok(makeStaff({ userName: 'sam' })), 'GET /api/v1/genres': ok([]) });
    renderApp(Routes.aboutUs);
    await restored();
    expect(await within(header()).findByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      Routes.adminDashboard,
    );
  });

  it.each([
    { who: 'a visitor', refresh: problem(401, 'Unauthorized'), offered: true },
    { who: 'a customer', refresh: ok(makeUser()), offered: true },
    { who: 'staff', refresh: ok(makeStaff()), offered: false },
  ])('offers the Wishlist in header, mobile menu, bottom bar and footer to $who: $offered', async (c) => {
    if (c.refresh.status === 200) withSessionCookie();
    fakeApi({ 'POST /api/v1/users/app-rt': c.refresh, 'GET /api/v1/genres': ok([]) });
    const user = userEvent.setup();
    renderApp(Routes.aboutUs);
    // Wait for the session's own links, so the check below sees the logged-in shell. (The About
    // page has a header of its own, so the shell's is not looked up as 'the banner' here.)
    expect(
      await screen.findAllByRole('link', { name: c.refresh.status === 200 ? /^Account/ : 'Login' }, SLOW),
    ).not.toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const places = [
      within(screen.getByRole('navigation', { name: 'Main' })),
      within(screen.getByRole('navigation', { name: 'Mobile' })),
      within(screen.getByRole('navigation', { name: 'Quick links' })),
      within(screen.getByRole('navigation', { name: 'Online Shop' })),
    ];
    for (const place of places) {
      expect(place.getByRole('link', { name: 'Home' })).toBeInTheDocument();
      const wishlist = place.queryByRole('link', { name: 'Wishlist' });
      if (c.offered) expect(wishlist).toHaveAttribute('href', Routes.wishList);
      else expect(wishlist).not.toBeInTheDocument();
    }
  });

  it('logs out: tells the server, forgets the user and empties the guest cart', async () => {
    withSessionCookie();
    putInGuestCart(guestCartLine);
    const api = fakeApi({
      'POST /api/v1/users/app-rt': ok(makeUser({ userName: 'nora' })),
      'POST /api/v1/users/logout': problem(500, 'Server down'),
      ...shop,
    });
    const user = userEvent.setup();
    const router = renderApp(Routes.aboutUs);
    await restored();

    await user.click(await within(header()).findByRole('button', { name: 'Logout' }, SLOW));
    expect(await within(header()).findByRole('link', { name: 'Login' }, SLOW)).toBeInTheDocument();
    expect(api.to('POST /api/v1/users/logout')).toHaveLength(1);
    // Leaving for home is a navigation of its own, which may land just after the header changed.
    await waitFor(() => expect(router.state.location.pathname).toBe(Routes.home), SLOW);
    expect(localStorage.getItem(GUEST_CART_STORAGE_KEY)).toBeNull();
  });

  it('asks for nothing more of the customer who logged out: no cart without a token', async () => {
    withSessionCookie();
    const api = fakeApi({
      'POST /api/v1/users/app-rt': ok(makeUser({ userName: 'nora' })),
      'POST /api/v1/users/logout': ok(undefined, 204),
      'GET /api/v1/cart': ({ headers }) =>
        headers.get('Authorization') ? ok({ items: [], itemCount: 0 }) : problem(401, 'Unauthorized'),
      ...shop,
    });
    const user = userEvent.setup();
    renderApp(Routes.aboutUs);
    await waitFor(() => expect(api.to('GET /api/v1/cart')).toHaveLength(1), SLOW);

    await user.click(await within(header()).findByRole('button', { name: 'Logout' }, SLOW));
    expect(await within(header()).findByRole('link', { name: 'Login' }, SLOW)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.to('GET /api/v1/cart').map((request) => request.headers.get('Authorization'))).toEqual([
      expect.stringMatching(/^Bearer /),
    ]);
  });

  it('merges the guest cart into the server cart after login, then empties it', async () => {
    putInGuestCart(guestCartLine);
    const api = fakeApi({
      'GET /api/v1/config': ok({ googleClientId: null }),
      ...shop,
      'POST /api/v1/customers/login': ok(makeUser()),
      'POST /api/v1/cart/merge': ok({ cart: {}, adjustments: [] }),
    });
    const user = userEvent.setup();
    renderApp(Routes.login);

    await user.type(await screen.findByLabelText('Email Address', { selector: 'input' }, SLOW), 'nora@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(api.to('POST /api/v1/cart/merge')).toHaveLength(1));
    expect(api.to('POST /api/v1/cart/merge')[0]?.body).toEqual({ items: [{ bookId: 5, quantity: 2 }] });
    await waitFor(() => expect(localStorage.getItem(GUEST_CART_STORAGE_KEY)).toBeNull());
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    withSessionCookie();
    let refreshes = 0;
    const admin = makeStaff({ role: RoleName.Admin });
    const api = fakeApi({
      'POST /api/v1/users/app-rt': () => ok({ ...admin, token: `fresh-${++refreshes}` }),
      ...shop,
      'GET /api/v1/users': ({ headers }) =>
        headers.get('Authorization') === 'Bearer fresh-2' ? ok(emptyPage) : problem(401, 'Unauthorized'),
    });
    renderApp(Routes.adminStaff);

    expect(await screen.findByText('No staff found.', {}, SLOW)).toBeInTheDocument();
    expect(api.to('GET /api/v1/users')).toHaveLength(2);
    expect(refreshes).toBe(2);
  });

  it('goes home, logged out, when the refresh fails', async () => {
    withSessionCookie();
    let refreshes = 0;
    fakeApi({
      'POST /api/v1/users/app-rt': () =>
        ++refreshes === 1 ? ok(makeStaff({ role: RoleName.Admin })) : problem(401, 'Unauthorized'),
      ...shop,
      'GET /api/v1/books': ok({
        data: [],
        paginationDetails: { currentPage: 1, totalPages: 0, noOfRecords: 0, pageSize: 10 },
      }),
      'GET /api/v1/authors': ok([]),
      'GET /api/v1/users': problem(401, 'Unauthorized'),
    });
    const router = renderApp(Routes.adminStaff);

    await waitFor(() => expect(router.state.location.pathname).toBe(Routes.home), SLOW);
    expect(await within(header()).findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
