import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PersonType } from '@bookshop/contracts/enums';
import { Routes } from '@bookshop/contracts/routes';
import { AdminLoginPage } from '../pages/admin-login-page.tsx';
import { LoginPage } from '../pages/login-page.tsx';
import { resetSession, startSession, useCurrentUser } from '../session/session-store.ts';
import { fakeApi, makeStaff, makeUser, ok, withSessionCookie } from '../testing/fake-api.ts';
import { renderRoutes, WhereAmI } from '../testing/render.tsx';
import { RedirectWhenLoggedIn, RequireCustomer, RequireStaff } from './route-guards.tsx';

function Protected({ name }: { name: string }) {
  const user = useCurrentUser();
  return (
    <>
      <h1>{name}</h1>
      <p>Hello {user?.userName}</p>
      <WhereAmI />
    </>
  );
}

const routes = [
  {
    element: <RedirectWhenLoggedIn area="customer" />,
    children: [{ path: Routes.login, element: <LoginPage /> }],
  },
  {
    element: <RedirectWhenLoggedIn area="staff" />,
    children: [{ path: Routes.adminLogin, element: <AdminLoginPage /> }],
  },
  {
    element: <RequireCustomer />,
    children: [
      { path: Routes.account, element: <Protected name="My account" /> },
      { path: Routes.order, element: <Protected name="Order" /> },
    ],
  },
  {
    element: <RequireStaff />,
    children: [{ path: Routes.adminDashboard, element: <Protected name="Dashboard" /> }],
  },
  { path: Routes.home, element: <Protected name="Home" /> },
];

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

async function logIn(email: string) {
  const user = userEvent.setup();
  await user.type(field('Email Address'), email);
  await user.type(field('Password'), 'Secret#123');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

afterEach(() => {
  act(() => resetSession());
});

describe('route guards', () => {
  it('send a logged-out visitor of an account page to /login, and login returns them there', async () => {
    const customer = makeUser({ userName: 'nora' });
    const api = fakeApi({
      'GET /api/v1/config': ok({ googleClientId: null }),
      'POST /api/v1/customers/login': ok(customer),
    });
    renderRoutes(routes, { at: '/orders/42?view=items' });

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Order' })).not.toBeInTheDocument();

    await logIn('nora@example.com');

    expect(await screen.findByRole('heading', { name: 'Order' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/orders/42?view=items');
    expect(screen.getByText('Hello nora')).toBeInTheDocument();
    expect(api.to('POST /api/v1/customers/login')[0]?.body).toEqual({
      emailAddress: 'nora@example.com',
      password: 'Secret#123',
      personType: PersonType.Customer,
    });
  });

  it('send a logged-in customer away from /login: to the origin, else home', async () => {
    fakeApi({ 'GET /api/v1/config': ok({ googleClientId: null }) });
    act(() => startSession(makeUser()));

    const first = renderRoutes(routes, {
      at: Routes.login,
      state: { from: { pathname: '/account', search: '', hash: '' } },
    });
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    first.unmount();

    renderRoutes(routes, { at: Routes.login });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('keep customers out of the admin area: staff pages go to /admin/login, which logs in as Internal', async () => {
    const api = fakeApi({ 'POST /api/v1/users/login': ok(makeStaff({ userName: 'sam' })) });
    act(() => startSession(makeUser()));
    renderRoutes(routes, { at: Routes.adminDashboard });

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password ?' })).toHaveAttribute('href', Routes.adminForgotPassword);

    await logIn('sam@example.com');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(api.to('POST /api/v1/users/login')[0]?.body).toMatchObject({ personType: PersonType.Internal });
  });

  it('start a fresh login form when leaving the admin area', async () => {
    fakeApi({ 'GET /api/v1/config': ok({ googleClientId: null }) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { at: Routes.adminLogin });

    await user.type(await screen.findByLabelText('Email Address', { selector: 'input' }), 'staff@example.com');
    await user.type(field('Password'), 'x');
    expect(await screen.findByText('Password must be at least 8 characters long.')).toBeInTheDocument();

    await act(() => router.navigate(Routes.login));
    expect(await screen.findByRole('link', { name: 'Register' })).toHaveAttribute('href', Routes.register);
    expect(field('Email Address')).toHaveValue('');
    expect(field('Password')).toHaveValue('');
    expect(screen.queryByText('Password must be at least 8 characters long.')).not.toBeInTheDocument();
  });

  it('wait for the first-load refresh before deciding', async () => {
    // A guard that rendered before the refresh answered would send a returning customer to /login.
    let answer: (user: unknown) => void = () => {};
    withSessionCookie();
    const api = fakeApi({
      'POST /api/v1/users/app-rt': () => new Promise((resolve) => (answer = (user) => resolve(ok(user)))),
    });
    renderRoutes(
      [
        {
          element: <RequireCustomer />,
          children: [{ path: Routes.account, element: <Protected name="My account" /> }],
        },
      ],
      { at: Routes.account },
    );

    expect(screen.getByText('Loading page')).toBeInTheDocument();
    // The fake network sees the request a turn after the app sends it.
    await waitFor(() => expect(api.to('POST /api/v1/users/app-rt')).toHaveLength(1));
    answer(makeUser({ userName: 'returning' }));
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Hello returning')).toBeInTheDocument());
  });
});
