import { NavLink, Outlet, useOutletContext } from 'react-router';
import type { LoggedInUser } from '@bookshop/contracts/auth';
import { RoleName } from '@bookshop/contracts/enums';
import { Permission } from '@bookshop/contracts/roles';
import { Routes } from '@bookshop/contracts/routes';
import { DashboardUser } from './dashboard-user.tsx';
import { WaitingForApproval } from './waiting-for-approval.tsx';

type DashboardLayoutProps = {
  /** The logged-in staff member (the app's staff guard makes sure there is one). */
  viewer: LoggedInUser;
  /** Renews the session, so a role given by an Admin reaches this browser's token. */
  refreshSession: () => Promise<unknown>;
};

type DashboardContext = { viewer: LoggedInUser };

/** The staff member seen by every dashboard page. */
export function useDashboardViewer(): LoggedInUser {
  return useOutletContext<DashboardContext>().viewer;
}

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-md px-3 text-sm font-semibold ${
    isActive ? 'bg-brand text-white' : 'text-stone-800 hover:bg-stone-100'
  }`;

/**
 * /admin/dashboard and its pages. Spec section 6: the role New User cannot reach the dashboard;
 * such staff see the waiting-for-approval page instead.
 */
export function DashboardLayout({ viewer, refreshSession }: DashboardLayoutProps) {
  if (viewer.role === RoleName.NewUser) return <WaitingForApproval viewer={viewer} refreshSession={refreshSession} />;

  const links = [
    { to: Routes.adminDashboard, label: 'Overview', end: true },
    ...(viewer.permissions.includes(Permission.ManageStaff)
      ? [{ to: Routes.adminStaff, label: 'Staff', end: false }]
      : []),
    { to: Routes.adminProfile, label: 'Profile', end: false },
  ];
  const context: DashboardContext = { viewer };
  return (
    <div className="grid gap-6 py-6 md:grid-cols-[14rem_1fr]">
      <nav aria-label="Dashboard" className="md:border-e md:border-stone-200 md:pe-4">
        <ul className="flex gap-1 overflow-x-auto md:flex-col">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className={linkClasses}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid min-w-0 content-start gap-6">
        <header className="flex justify-end border-b border-stone-200 pb-3">
          <DashboardUser viewer={viewer} />
        </header>
        <Outlet context={context} />
      </div>
    </div>
  );
}
