import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerProfile } from '@bookshop/contracts/auth';
import { stubApiRoutes, type StubRequest, type StubResponse } from '../../../test/api-routes.ts';
import { createTestQueryClient } from '../../../test/render.tsx';
import { toast, Toaster } from '../../../ui/toast.tsx';
import { AccountPage } from './account-page.tsx';

const profile: CustomerProfile = {
  id: 3,
  emailAddress: 'nora@example.com',
  userName: 'nora',
  firstName: 'Nora',
  lastName: 'Helmer',
  imageUrl: null,
  ianaZone: 'Asia/Dubai',
  personType: 1,
  loginProvider: 1,
  emailConfirmed: true,
  createdAt: '2026-11-01T10:00:00.000Z',
};

function stub(extra: (request: StubRequest) => StubResponse | undefined = () => undefined) {
  return stubApiRoutes((request) =>
    request.method === 'GET' && request.path === '/api/v1/customers' ? { body: profile } : extra(request),
  );
}

function renderPage() {
  const callbacks = { onProfileSaved: vi.fn(), onAccountDeleted: vi.fn() };
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>
        <AccountPage addressBook={<section id="addresses">Addresses here</section>} {...callbacks} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return callbacks;
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:avatar-preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => toast.reset());

// The time-zone list holds some 400 options, which makes role queries slow in jsdom.
describe('account page', { timeout: 20_000 }, () => {
  it('links only to its own sections (no page that does not exist yet)', async () => {
    stub();
    renderPage();
    const nav = screen.getByRole('navigation', { name: 'Account sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#profile', '#addresses', '#password', '#delete-account']);
    expect(await screen.findByText('Addresses here')).toBeInTheDocument();
  });

  it('saves the profile as multipart with the new avatar, after previewing it', async () => {
    const user = userEvent.setup();
    const api = stub(({ method, path }) =>
      method === 'PUT' && path === '/api/v1/customers'
        ? { body: { ...profile, firstName: 'Nina', imageUrl: '/images/a.webp' } }
        : undefined,
    );
    const callbacks = renderPage();

    const firstName = await screen.findByLabelText('First Name');
    expect(firstName).toHaveValue('Nora');
    await user.clear(firstName);
    expect(firstName).toHaveAccessibleDescription('First name is required.');
    await user.type(firstName, 'N');
    expect(firstName).toHaveAccessibleDescription('First name must be at least 2 characters long.');
    await user.type(firstName, 'ina');

    const avatar = new File(['png'], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Avatar'), avatar);
    expect(screen.getByRole('img', { name: 'Preview of your new avatar' })).toHaveAttribute(
      'src',
      'blob:avatar-preview',
    );

    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(callbacks.onProfileSaved).toHaveBeenCalled());
    const sent = api.sent('PUT', '/api/v1/customers')[0]?.body as FormData;
    expect(sent.get('firstName')).toBe('Nina');
    expect(sent.get('lastName')).toBe('Helmer');
    expect(sent.get('userName')).toBe('nora');
    expect(sent.get('ianaZone')).toBe('Asia/Dubai');
    expect(sent.get('image')).toBe(avatar);
    expect(screen.getByText('Profile updated.')).toBeInTheDocument();
  });

  it('refuses an avatar that is not an accepted image type', async () => {
    const user = userEvent.setup({ applyAccept: false });
    stub();
    renderPage();
    await screen.findByLabelText('First Name');

    await user.upload(screen.getByLabelText('Avatar'), new File(['hi'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByLabelText('Avatar')).toHaveAccessibleDescription(/Choose a PNG, JPEG, JPG, GIF or WebP image\./);
    expect(screen.queryByRole('img', { name: 'Preview of your new avatar' })).not.toBeInTheDocument();
  });

  it("checks the new password with the spec's rules on every change and sends the change", async () => {
    const user = userEvent.setup();
    const api = stub(({ method }) => (method === 'PATCH' ? { status: 204 } : undefined));
    renderPage();

    const current = screen.getByLabelText('Current Password');
    const next = screen.getByLabelText('New Password');
    const confirm = screen.getByLabelText('Confirm New Password');
    await user.type(next, 'abc');
    expect(next).toHaveAccessibleDescription(/Password must be at least 8 characters long\./);
    await user.type(next, 'defghi');
    expect(next).toHaveAccessibleDescription(/Password must contain at least one uppercase letter\./);
    await user.clear(next);
    await user.type(next, 'Abcdefg1');
    expect(next).toHaveAccessibleDescription(/Password must contain at least one special character\./);
    await user.type(next, '!');
    await user.type(confirm, 'Abcdefg1?');
    expect(confirm).toHaveAccessibleDescription("Passwords don't match.");
    await user.clear(confirm);
    await user.type(confirm, 'Abcdefg1!');
    expect(confirm).not.toHaveAccessibleDescription();

    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(current).toHaveAccessibleDescription('Current password is required.');
    await user.type(current, 'Old#Pass1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed.')).toBeInTheDocument();
    expect(api.sent('PATCH', '/api/v1/customers')[0]?.body).toEqual({
      currentPassword: 'Old#Pass1',
      password: 'Abcdefg1!',
      confirmPassword: 'Abcdefg1!',
    });
    expect(next).toHaveValue('');
  });

  it('deletes the account after the password is confirmed in a dialog', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const api = stub(({ method, path }) => {
      if (method !== 'DELETE' || path !== '/api/v1/customers/account') return undefined;
      return ++attempts === 1
        ? {
            status: 400,
            body: { title: 'Bad Request', status: 400, errors: { password: ['The password is not correct.'] } },
          }
        : { status: 204 };
    });
    const callbacks = renderPage();

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(await within(dialog).findByText('The password is not correct.')).toBeInTheDocument();
    expect(callbacks.onAccountDeleted).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'Right#Pass1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    await waitFor(() => expect(callbacks.onAccountDeleted).toHaveBeenCalled());
    expect(api.sent('DELETE', '/api/v1/customers/account').at(-1)?.body).toEqual({ password: 'Right#Pass1' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
