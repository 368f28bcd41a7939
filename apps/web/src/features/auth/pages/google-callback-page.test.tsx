import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthMessages, ProblemType } from '@bookshop/contracts/auth';
import { Routes } from '@bookshop/contracts/routes';
import { googleSignInQueryOptions } from '../api/google-sign-in.ts';
import { prepareGoogleSignIn } from '../lib/google-sign-in.ts';
import { getSession, resetSession } from '../session/session-store.ts';
import { fakeApi, makeUser, ok, problem } from '../testing/fake-api.ts';
import { renderRoutes, WhereAmI } from '../testing/render.tsx';
import { allMessages } from '../../../lib/i18n/all-catalogs.ts';
import { createI18n, setPageI18n } from '../../../lib/i18n/i18n.tsx';
import { GoogleCallbackPage } from './google-callback-page.tsx';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const idTokenWith = (claims: object) => `${base64url({ alg: 'RS256' })}.${base64url(claims)}.signature`;

function renderCallback(hash: string) {
  return renderRoutes(
    [
      { path: Routes.googleCallback, element: <GoogleCallbackPage /> },
      { path: '/books/:title', element: <WhereAmI /> },
      { path: Routes.account, element: <WhereAmI /> },
    ],
    { at: `${Routes.googleCallback}${hash}` },
  );
}

afterEach(() => {
  act(() => resetSession());
  sessionStorage.clear();
});

describe('/auth/google/callback', () => {
  it('checks the nonce, posts the id token with the time zone, and returns to where the visitor started', async () => {
    const customer = makeUser({ userName: 'gina' });
    const api = fakeApi({ 'POST /api/v1/customers/google-signin': ok(customer) });
    const url = new URL(prepareGoogleSignIn('client-123', '/books/Emma'));
    const nonce = url.searchParams.get('nonce')!;
    const idToken = idTokenWith({ nonce, email: 'gina@example.com' });

    const { router } = renderCallback(`#id_token=${idToken}&authuser=0&prompt=consent`);

    expect(await screen.findByTestId('location')).toHaveTextContent('/books/Emma');
    expect(api.to('POST /api/v1/customers/google-signin')).toHaveLength(1);
    expect(api.to('POST /api/v1/customers/google-signin')[0]?.body).toEqual({
      idToken,
      nonce,
      ianaZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(getSession().user?.userName).toBe('gina');
    // The token does not stay in the history.
    expect(router.state.location.hash).toBe('');
    expect(sessionStorage.getItem('bookshop.google-sign-in')).toBeNull();
  });

  it('goes on in Arabic, a page load into /ar, for a visitor who left an Arabic page for Google', async () => {
    const customer = makeUser({ userName: 'layla' });
    fakeApi({ 'POST /api/v1/customers/google-signin': ok(customer) });
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    setPageI18n(createI18n('ar', allMessages('ar')));
    let url: URL;
    try {
      url = new URL(prepareGoogleSignIn('client-123', '/books/Emma'));
    } finally {
      setPageI18n(createI18n('en', allMessages('en')));
    }
    const nonce = url.searchParams.get('nonce')!;

    renderCallback(`#id_token=${idTokenWith({ nonce })}`);

    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/ar/books/Emma'));
    expect(getSession().user?.userName).toBe('layla');
  });

  it('refuses a token whose nonce is not the one this tab generated, without calling the API', async () => {
    const api = fakeApi({});
    prepareGoogleSignIn('client-123');
    renderCallback(`#id_token=${idTokenWith({ nonce: 'someone-elses-nonce-value' })}`);

    expect(await screen.findByRole('heading', { name: AuthMessages.googleSignInFailedTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', Routes.login);
    expect(api.requests).toHaveLength(0);
  });

  it('explains a refused sign-in on the page (no error toast) and logs it', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    fakeApi({ 'POST /api/v1/customers/google-signin': problem(400, AuthMessages.googleSignInFailedTitle) });
    const nonce = new URL(prepareGoogleSignIn('client-123')).searchParams.get('nonce')!;
    renderCallback(`#id_token=${idTokenWith({ nonce })}`);

    expect(await screen.findByText(AuthMessages.googleSignInFailed)).toBeInTheDocument();
    expect(googleSignInQueryOptions({ idToken: 'x', nonce }).meta).toEqual({ errorToast: false });
    expect(getSession().user).toBeNull();
    expect(info).toHaveBeenCalledWith('An unexpected error occurred. Please try again later.');
    info.mockRestore();
  });

  it('shows why Google sign-in was refused for an existing account (409), with its own words', async () => {
    fakeApi({
      'POST /api/v1/customers/google-signin': problem(409, AuthMessages.googleAccountExistsTitle, {
        type: ProblemType.googleAccountExists,
        detail: AuthMessages.googleAccountExists,
      }),
    });
    const nonce = new URL(prepareGoogleSignIn('client-123')).searchParams.get('nonce')!;
    renderCallback(`#id_token=${idTokenWith({ nonce })}`);

    expect(await screen.findByRole('heading', { name: AuthMessages.googleAccountExistsTitle })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(AuthMessages.googleAccountExists);
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', Routes.login);
    expect(getSession().user).toBeNull();
  });

  it('links Google to the signed-in account when the redirect was a link, then returns to /account', async () => {
    const api = fakeApi({ 'POST /api/v1/customers/google-link': ok({}) });
    const url = new URL(prepareGoogleSignIn('client-123', '/account#google-sign-in', { purpose: 'link' }));
    const nonce = url.searchParams.get('nonce')!;
    const idToken = idTokenWith({ nonce, email: 'nora@example.com' });
    const { router } = renderCallback(`#id_token=${idToken}`);

    expect(await screen.findByText(AuthMessages.googleLinked)).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent(Routes.account);
    expect(router.state.location.hash).toBe('#google-sign-in');
    expect(api.to('POST /api/v1/customers/google-link').map((r) => r.body)).toEqual([{ idToken, nonce }]);
    expect(api.to('POST /api/v1/customers/google-signin')).toHaveLength(0);
  });

  it('shows why linking was refused (409) and leads back to the account page', async () => {
    fakeApi({
      'POST /api/v1/customers/google-link': problem(409, AuthMessages.googleLinkFailedTitle, {
        type: ProblemType.googleLinkRefused,
        detail: AuthMessages.googleLinkedElsewhere,
      }),
    });
    const nonce = new URL(prepareGoogleSignIn('client-123', undefined, { purpose: 'link' })).searchParams.get('nonce')!;
    renderCallback(`#id_token=${idTokenWith({ nonce })}`);

    expect(await screen.findByRole('heading', { name: AuthMessages.googleLinkFailedTitle })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(AuthMessages.googleLinkedElsewhere);
    expect(screen.getByRole('link', { name: 'Back to My Account' })).toHaveAttribute(
      'href',
      `${Routes.account}#google-sign-in`,
    );
  });

  it('tells a visitor who cancelled at Google', async () => {
    fakeApi({});
    prepareGoogleSignIn('client-123');
    renderCallback('#error=access_denied');
    expect(await screen.findByRole('heading', { name: 'Google sign-in cancelled' })).toBeInTheDocument();
  });
});
