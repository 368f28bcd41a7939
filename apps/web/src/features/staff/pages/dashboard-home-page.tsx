import { Link } from 'react-router';
import { Permission } from '@bookshop/contracts/roles';
import { Routes } from '@bookshop/contracts/routes';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useDashboardViewer } from '../components/dashboard-layout.tsx';
import { permissionLabels } from '../lib/permission-labels.ts';

/** /admin/dashboard: who is logged in and what their role allows. */
export function DashboardHomePage() {
  useDocumentTitle('Dashboard');
  const viewer = useDashboardViewer();
  return (
    <section aria-labelledby="dashboard-title" className="grid gap-6">
      <header className="grid gap-1">
        <h1 id="dashboard-title" className="text-3xl font-bold text-stone-900">
          Dashboard
        </h1>
        <p className="text-stone-700">
          Welcome back, <b>{viewer.userName}</b>. Your role is <b>{viewer.role}</b>.
        </p>
      </header>
      <div className="rounded-xl border border-stone-200 bg-white p-6">
        <h2 className="text-lg font-bold text-stone-900">Your role allows you to</h2>
        <ul className="mt-3 list-disc space-y-1 ps-5 text-stone-800">
          {viewer.permissions.map((permission) => (
            <li key={permission}>{permissionLabels[permission]}</li>
          ))}
        </ul>
        {viewer.permissions.includes(Permission.ManageStaff) && (
          <p className="mt-4 text-stone-800">
            New staff wait for a role on the{' '}
            <Link to={Routes.adminStaff} className="font-semibold text-brand underline">
              Staff
            </Link>{' '}
            page.
          </p>
        )}
      </div>
    </section>
  );
}
