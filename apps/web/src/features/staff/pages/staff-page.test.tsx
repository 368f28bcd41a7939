import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AuthMessages } from '@bookshop/contracts/auth';
import { RoleName } from '@bookshop/contracts/enums';
import { Routes } from '@bookshop/contracts/routes';
import { makeMember, makeViewer, renderDashboard } from '../testing/render-dashboard.tsx';
import { answerApi } from '../../../test/network.ts';

describe('/admin/dashboard/staff', () => {
  it('lists staff for an Admin, who changes a role (but not their own)', async () => {
    const members = [makeMember(3, RoleName.NewUser), makeMember(2, RoleName.User), makeMember(1, RoleName.Admin)];
    const requests: { method: string; path: string; search: string; body: unknown }[] = [];
    answerApi(({ method, url, body }) => {
      requests.push({ method, path: url.pathname, search: url.search, body });
      if (method === 'PATCH') {
        const member = members.find((m) => url.pathname === `/api/v1/users/${m.id}/role`)!;
        member.role = (body as { role: RoleName }).role;
        return { body: member };
      }
      return {
        body: { data: members, paginationDetails: { currentPage: 1, totalPages: 1, noOfRecords: 3, pageSize: 10 } },
      };
    });
    const user = userEvent.setup();
    renderDashboard(makeViewer(RoleName.Admin, { id: 1 }), { at: Routes.adminStaff });

    const table = await screen.findByRole('table', { name: 'Staff and their roles' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('combobox', { name: 'Role of member1' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Role of member1' })).toHaveAttribute(
      'title',
      AuthMessages.cannotChangeOwnRole,
    );

    // Picking a role asks first, naming the person and the new role; keeping it sends nothing.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of member3' }), RoleName.Supervisor);
    const asked = screen.getByRole('dialog', { name: 'Make member3 Supervisor?' });
    expect(asked).toHaveAccessibleDescription(
      'member3 (member3@example.com) will have the role Supervisor instead of New User, from their next request.',
    );
    await user.click(within(asked).getByRole('button', { name: 'Keep New User' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of member3' })).toHaveValue(RoleName.NewUser);
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of member3' }), RoleName.Supervisor);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Make member3 Supervisor?' })).getByRole('button', {
        name: 'Change Role',
      }),
    );
    expect(await screen.findByText('Role changed.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')).toMatchObject({
      path: '/api/v1/users/3/role',
      body: { role: 'Supervisor' },
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Role of member3' })).toHaveValue(RoleName.Supervisor),
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), RoleName.NewUser);
    await waitFor(() => expect(requests.at(-1)?.search).toBe('?pageNo=1&pageSize=10&role=New+User'));
  });

  it('is for Admins only', () => {
    renderDashboard(makeViewer(RoleName.User), { at: Routes.adminStaff });
    expect(screen.getByText(AuthMessages.adminOnly)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
