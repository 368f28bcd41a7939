import { AuthMessages } from '@bookshop/contracts/auth';
import { Permission } from '@bookshop/contracts/roles';
import { AdminVatPage } from '../features/admin-vat/pages/admin-vat-page.tsx';
import { useDashboardViewer } from '../features/staff/components/dashboard-layout.tsx';

/** /admin/dashboard/vat (reports:view, Admin; the API checks the same permission on every call). */
export function AdminVatRoute() {
  const { permissions } = useDashboardViewer();
  if (permissions.includes(Permission.ViewReports)) return <AdminVatPage />;
  return (
    <section className="grid gap-4">
      <h1 className="text-3xl font-bold text-stone-900">VAT</h1>
      <p role="alert">{AuthMessages.permissionMissing}</p>
    </section>
  );
}
