import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AuthMessages } from '@bookshop/contracts/auth';
import { RoleName } from '@bookshop/contracts/enums';
import { Routes } from '@bookshop/contracts/routes';
import { makeMember, makeViewer, renderDashboard } from '../testing/render-dashboard.tsx';
import { answerApi } from '../../../test/network.ts';

describe('the dashboard', () => {
  it('shows a New User the waiting-for-approval page instead of the dashboard', async () => {
    answerApi(() => ({ body: makeMember(1, RoleName.NewUser) }));
    const { refreshSession } = renderDashboard(makeViewer(RoleName.NewUser));

    expect(screen.getByRole('heading', { name: 'Waiting for approval' })).toBeInTheDocument();
    expect(screen.getByText(AuthMessages.awaitingApproval, { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled());
    expect(refreshSession).not.toHaveBeenCalled();
  });

  it('renews the session once an Admin has given the New User a role', async () => {
    let role: RoleName = RoleName.NewUser;
    answerApi(() => ({ body: makeMember(1, role) }));
    const user = userEvent.setup();
    const { refreshSession } = renderDashboard(makeViewer(RoleName.NewUser));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled());

    role = RoleName.User;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(refreshSession).toHaveBeenCalledTimes(1));
  });

  it("shows staff with a role the dashboard; only an Admin's menu has Staff", () => {
    const admin = renderDashboard(makeViewer(RoleName.Admin));
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).getByRole('link', { name: 'Staff' })).toHaveAttribute('href', Routes.adminStaff);
    admin.unmount();

    renderDashboard(makeViewer(RoleName.Supervisor));
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Dashboard' })).queryByRole('link', { name: 'Staff' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
  });

  it.each([
    [
      RoleName.Admin,
      ['Dashboard', 'Books', 'Add Book', 'Orders', 'Returns', 'Reviews', 'Support', 'VAT', 'Staff', 'Profile'],
    ],
    [RoleName.Supervisor, ['Dashboard', 'Books', 'Add Book', 'Orders', 'Returns', 'Reviews', 'Support', 'Profile']],
    [RoleName.User, ['Dashboard', 'Books', 'Orders', 'Profile']],
  ])('shows a %s only the menu links the role may use', (role, expected) => {
    answerApi(() => ({ body: {} }));
    renderDashboard(makeViewer(role));
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(expected);
  });

  it('opens and closes the menu with its button on a phone', async () => {
    answerApi(() => ({ status: 500, body: { title: 'Error', status: 500 } }));
    const user = userEvent.setup();
    renderDashboard(makeViewer(RoleName.Admin));
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    const toggle = within(menu).getByRole('button', { name: /Menu/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(menu).getByRole('link', { name: 'Dashboard' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
