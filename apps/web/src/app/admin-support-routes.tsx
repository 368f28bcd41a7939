import { AuthMessages } from '@bookshop/contracts/auth';
import { Permission } from '@bookshop/contracts/roles';
import { AdminSupportPage } from '../features/admin-support/pages/admin-support-page.tsx';
import { AdminTicketPage } from '../features/admin-support/pages/admin-ticket-page.tsx';
import { useDashboardViewer } from '../features/staff/components/dashboard-layout.tsx';

/*
 * The support feature's staff pages inside the dashboard: the viewer's permissions decide what
 * they show (the API checks the same permissions on every call).
 */

function NotAllowed() {
  return (
    <section className="grid gap-4">
      <h1 className="text-3xl font-bold text-stone-900">Support</h1>
      <p role="alert">{AuthMessages.permissionMissing}</p>
    </section>
  );
}

/** /admin/dashboard/support (support-tickets:view). */
export function AdminSupportRoute() {
  const { permissions } = useDashboardViewer();
  return permissions.includes(Permission.ViewSupportTickets) ? <AdminSupportPage /> : <NotAllowed />;
}

/** /admin/dashboard/support/:id (support-tickets:view; support-tickets:manage may reply and close). */
export function AdminTicketRoute() {
  const { permissions } = useDashboardViewer();
  if (!permissions.includes(Permission.ViewSupportTickets)) return <NotAllowed />;
  return <AdminTicketPage canManage={permissions.includes(Permission.ManageSupportTickets)} />;
}
