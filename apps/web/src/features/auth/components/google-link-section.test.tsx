import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../testing/fake-api.ts';
import { page, renderRoutes } from '../testing/render.tsx';
import { GoogleLinkSection } from './google-link-section.tsx';

const renderSection = (linked: boolean) =>
  renderRoutes([page('/account', <GoogleLinkSection linked={linked} emailAddress="nora@example.com" />)], {
    at: '/account',
  });

afterEach(() => sessionStorage.clear());

describe('the Google Sign-In section of /account', () => {
  it('sends the customer to Google to link it, remembering that this is a link and suggesting their address', async () => {
    fakeApi({ 'GET /api/v1/config': ok({ googleClientId: 'client-123' }) });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'https://shop.example' });
    const user = userEvent.setup();
    renderSection(false);

    expect(await screen.findByRole('heading', { name: 'Google Sign-In' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Link Google sign-in' }));
    const url = new URL(assign.mock.calls[0]?.[0] as string);
    expect(url.searchParams.get('login_hint')).toBe('nora@example.com');
    expect(url.searchParams.get('redirect_uri')).toBe('https://shop.example/auth/google/callback');
    expect(JSON.parse(sessionStorage.getItem('bookshop.google-sign-in')!)).toEqual({
      nonce: url.searchParams.get('nonce'),
      from: '/account#google-sign-in',
      locale: 'en',
      purpose: 'link',
    });
  });

  it('says the account is linked, without the button, once it is', async () => {
    fakeApi({ 'GET /api/v1/config': ok({ googleClientId: 'client-123' }) });
    renderSection(true);
    expect(await screen.findByText(/Your account is linked to Google/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link Google sign-in' })).not.toBeInTheDocument();
  });

  it('is not there when Google sign-in is off', async () => {
    const api = fakeApi({ 'GET /api/v1/config': ok({ googleClientId: null }) });
    renderSection(false);
    await waitFor(() => expect(api.to('GET /api/v1/config')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Google Sign-In' })).not.toBeInTheDocument();
  });
});
