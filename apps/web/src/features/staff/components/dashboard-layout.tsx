import { useId, useState } from 'react';
import { NavLink, Outlet, useLocation, useOutletContext } from 'react-router';
import type { LoggedInUser } from '@bookshop/contracts/auth';
import { RoleName } from '@bookshop/contracts/enums';
import { Permission } from '@bookshop/contracts/roles';
import { Routes } from '@bookshop/contracts/routes';
import { ChevronDownIcon } from '../../../ui/icons.tsx';
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

type MenuLink = { to: string; label: string; end: boolean; permission: Permission | null };

/** The dashboard menu; a link shows only to a role that may use its page (decision 034). */
const MENU: readonly MenuLink[] = [
  { to: Routes.adminDashboard, label: 'Dashboard', end: true, permission: Permission.ViewOrders },
  { to: Routes.adminBooks, label: 'Books', end: false, permission: Permission.ViewBooks },
  { to: Routes.adminAddBook, label: 'Add Book', end: false, permission: Permission.ManageBooks },
  { to: Routes.adminOrders, label: 'Orders', end: false, permission: Permission.ViewOrders },
  { to: Routes.adminReturns, label: 'Returns', end: false, permission: Permission.ManageOrders },
  { to: Routes.adminReviews, label: 'Reviews', end: false, permission: Permission.ModerateReviews },
  { to: Routes.adminSupport, label: 'Support', end: false, permission: Permission.ViewSupportTickets },
  { to: Routes.adminVat, label: 'VAT', end: false, permission: Permission.ViewReports },
  { to: Routes.adminStaff, label: 'Staff', end: false, permission: Permission.ManageStaff },
  { to: Routes.adminProfile, label: 'Profile', end: false, permission: null },
];

export const menuFor = (permissions: readonly string[]) =>
  MENU.filter((link) => link.permission === null || permissions.includes(link.permission));

/**
 * /admin/dashboard and its pages. Spec section 6: the role New User cannot reach the dashboard;
 * such staff see the waiting-for-approval page instead.
 */
export function DashboardLayout({ viewer, refreshSession }: DashboardLayoutProps) {
  if (viewer.role === RoleName.NewUser) return <WaitingForApproval viewer={viewer} refreshSession={refreshSession} />;

  const context: DashboardContext = { viewer };
  return (
    <div className="grid gap-4 py-4 md:grid-cols-[14rem_1fr] md:gap-6 md:py-6">
      <DashboardMenu links={menuFor(viewer.permissions)} />
      <div className="grid min-w-0 content-start gap-6">
        <header className="flex justify-end border-b border-stone-200 pb-3">
          <DashboardUser viewer={viewer} />
        </header>
        <Outlet context={context} />
      </div>
    </div>
  );
}

/**
 * A sidebar from the md breakpoint; on a phone a full-width "Menu" button that opens the links
 * as a list (big touch targets, no sideways scrolling), closed again when a link is chosen.
 */
function DashboardMenu({ links }: { links: readonly MenuLink[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { pathname } = useLocation();
  const current = links.find((link) => (link.end ? pathname === link.to : pathname.startsWith(link.to)));

  return (
    <nav aria-label="Dashboard" className="md:border-e md:border-stone-200 md:pe-4">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 w-full items-center justify-between rounded-md border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-900 md:hidden"
      >
        <span>Menu{current && <span className="font-normal text-stone-600"> · {current.label}</span>}</span>
        <ChevronDownIcon className={`size-5 transition ${open ? 'rotate-180' : ''}`} />
      </button>
      <ul id={listId} className={`${open ? 'grid' : 'hidden'} mt-2 gap-1 md:mt-0 md:grid`}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} className={linkClasses} onClick={() => setOpen(false)}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
