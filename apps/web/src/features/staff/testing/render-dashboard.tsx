import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { LoggedInUser, StaffMember } from '@bookshop/contracts/auth';
import { PersonType, RoleName } from '@bookshop/contracts/enums';
import { permissionsOf } from '@bookshop/contracts/roles';
import { Routes } from '@bookshop/contracts/routes';
import { createTestQueryClient } from '../../../test/render.tsx';
import { Toaster } from '../../../ui/toast.tsx';
import { DashboardLayout } from '../components/dashboard-layout.tsx';
import { DashboardHomePage } from '../pages/dashboard-home-page.tsx';
import { ProfilePage } from '../pages/profile-page.tsx';
import { StaffPage } from '../pages/staff-page.tsx';

export function makeViewer(role: RoleName, overrides: Partial<LoggedInUser> = {}): LoggedInUser {
  return {
    id: 1,
    emailAddress: 'sam@example.com',
    userName: 'sam',
    firstName: null,
    lastName: null,
    imageUrl: null,
    personType: PersonType.Internal,
    loginProvider: 1,
    role,
    permissions: permissionsOf(role),
    token: 'token',
    ...overrides,
  };
}

export function makeMember(id: number, role: RoleName, overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    id,
    emailAddress: `member${id}@example.com`,
    userName: `member${id}`,
    firstName: null,
    lastName: null,
    imageUrl: null,
    role,
    permissions: permissionsOf(role),
    emailConfirmed: true,
    createdAt: '2026-03-01T10:15:00.000Z',
    ...overrides,
  };
}

/** The dashboard as the app mounts it, for the given staff member. */
type RenderOptions = { at?: string; refreshSession?: () => Promise<unknown>; onProfileSaved?: () => void };

export function renderDashboard(
  viewer: LoggedInUser,
  {
    at = Routes.adminDashboard,
    refreshSession = vi.fn(() => Promise.resolve(true)),
    onProfileSaved = vi.fn(),
  }: RenderOptions = {},
) {
  const router = createMemoryRouter(
    [
      {
        path: Routes.adminDashboard,
        element: <DashboardLayout viewer={viewer} refreshSession={refreshSession} />,
        children: [
          { index: true, element: <DashboardHomePage /> },
          { path: Routes.adminStaff, element: <StaffPage /> },
          {
            path: Routes.adminProfile,
            element: <ProfilePage passwordForm={<p>Password form</p>} onProfileSaved={onProfileSaved} />,
          },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  const view = render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, refreshSession, onProfileSaved };
}
