import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountMessages } from '@bookshop/contracts/account';
import { RoleName } from '@bookshop/contracts/enums';
import { Messages } from '@bookshop/contracts/messages';
import { Routes } from '@bookshop/contracts/routes';
import { DashboardLayout } from '../features/staff/components/dashboard-layout.tsx';
import { makeMember, makeViewer } from '../features/staff/testing/render-dashboard.tsx';
import { answerApi } from '../test/network.ts';
import { createTestQueryClient } from '../test/render.tsx';
import { Toaster, toast } from '../ui/toast.tsx';
import { StaffProfileRoute } from './staff-profile-route.tsx';

vi.mock('../features/auth/session/session-store.ts', () => ({ refresh: vi.fn(() => Promise.resolve(true)) }));

const me = makeMember(1, RoleName.Supervisor, { userName: 'sammy', firstName: 'Sam', lastName: 'Lee' });

function renderProfile() {
  const router = createMemoryRouter(
    [
      {
        path: Routes.adminDashboard,
        element: (
          <DashboardLayout viewer={makeViewer(RoleName.Supervisor)} refreshSession={() => Promise.resolve(true)} />
        ),
        children: [{ path: Routes.adminProfile, element: <StaffProfileRoute /> }],
      },
    ],
    { initialEntries: [Routes.adminProfile] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => toast.reset());

describe('/admin/dashboard/profile', () => {
  it('shows the role and permissions, and the header shows the user name and initial', async () => {
    answerApi(({ path }) => (path === '/api/v1/users/me' ? { body: me } : undefined));
    renderProfile();
    expect(await screen.findByLabelText('First Name')).toHaveValue('Sam');
    expect(screen.getByText('Supervisor', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Cancel orders, refunding paid ones')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Your profile: sam/ })).toHaveTextContent('s');
  });

  it('checks the names on every change and saves them with the avatar removal through PUT v1/users', async () => {
    const { refresh } = await import('../features/auth/session/session-store.ts');
    const api = answerApi(({ method, path }) => {
      if (path === '/api/v1/users/me') return { body: { ...me, imageUrl: '/images/avatars/1.webp' } };
      if (method === 'PUT' && path === '/api/v1/users') return { body: { ...me, firstName: 'Samira' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderProfile();
    const first = await screen.findByLabelText('First Name');

    await user.clear(first);
    expect(first).toHaveAccessibleDescription(Messages.firstNameRequired);
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(api.sent('PUT', '/api/v1/users')).toHaveLength(0);

    await user.type(first, 'Samira');
    expect(first).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Remove Avatar' }));
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('Profile updated.')).toBeInTheDocument();
    const form = api.sent('PUT', '/api/v1/users')[0]!.body as FormData;
    expect(Object.fromEntries(form.entries())).toEqual({
      firstName: 'Samira',
      lastName: 'Lee',
      userName: 'sammy',
      removeImage: 'true',
    });
    await waitFor(() => expect(refresh).toHaveBeenCalled());
  });

  it('changes the password through PATCH v1/users with the account page rules', async () => {
    const api = answerApi(({ method, path }) => {
      if (path === '/api/v1/users/me') return { body: me };
      if (method === 'PATCH' && path === '/api/v1/users') return { body: { message: AccountMessages.passwordChanged } };
      return undefined;
    });
    const user = userEvent.setup();
    renderProfile();
    const next = await screen.findByLabelText('New Password');
    await user.type(next, 'abc');
    expect(next).toHaveAccessibleDescription(/Password must be at least 8 characters long\./);
    await user.clear(next);
    await user.type(next, 'Abcdefg1!');
    await user.type(screen.getByLabelText('Confirm New Password'), 'Abcdefg1!');
    await user.type(screen.getByLabelText('Current Password'), 'Old#Pass1');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByText(AccountMessages.passwordChanged)).toBeInTheDocument();
    expect(api.sent('PATCH', '/api/v1/users')[0]?.body).toEqual({
      currentPassword: 'Old#Pass1',
      password: 'Abcdefg1!',
      confirmPassword: 'Abcdefg1!',
    });
  });
});
