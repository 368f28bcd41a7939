import { AuthMessages } from '@bookshop/contracts/auth';
import { Permission } from '@bookshop/contracts/roles';
import { AdminOrderPage } from '../features/admin-orders/pages/admin-order-page.tsx';
import { AdminOrdersPage } from '../features/admin-orders/pages/admin-orders-page.tsx';
import { AdminReturnsPage } from '../features/admin-returns/pages/admin-returns-page.tsx';
import { useDashboardViewer } from '../features/staff/components/dashboard-layout.tsx';

/*
 * The orders feature's staff pages inside the dashboard: the viewer's permissions decide what
 * they show (the API checks the same permissions on every call).
 */

function NotAllowed() {
  return (
    <section className="grid gap-4">
      <h1 className="text-3xl font-bold text-stone-900">Orders</h1>
      <p role="alert">{AuthMessages.permissionMissing}</p>
    </section>
  );
}

/** /admin/dashboard/orders (orders:view). */
export function AdminOrdersRoute() {
  const { permissions } = useDashboardViewer();
  return permissions.includes(Permission.ViewOrders) ? <AdminOrdersPage /> : <NotAllowed />;
}

/** /admin/dashboard/orders/:id (orders:view; orders:manage may cancel; orders:fulfil may pack, ship, deliver). */
export function AdminOrderRoute() {
  const { permissions } = useDashboardViewer();
  if (!permissions.includes(Permission.ViewOrders)) return <NotAllowed />;
  return (
    <AdminOrderPage
      canCancel={permissions.includes(Permission.ManageOrders)}
      canFulfil={permissions.includes(Permission.FulfilOrders)}
    />
  );
}

/** /admin/dashboard/returns (orders:manage, decision 080). */
export function AdminReturnsRoute() {
  const { permissions } = useDashboardViewer();
  return permissions.includes(Permission.ManageOrders) ? <AdminReturnsPage /> : <NotAllowed />;
}
