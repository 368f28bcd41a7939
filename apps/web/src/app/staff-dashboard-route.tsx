import { refresh, useCurrentUser } from '../features/auth/session/session-store.ts';
import { DashboardLayout } from '../features/staff/components/dashboard-layout.tsx';

/** /admin/dashboard: the staff feature's dashboard for the logged-in staff member (RequireStaff runs first). */
export function StaffDashboardRoute() {
  const user = useCurrentUser();
  return user && <DashboardLayout viewer={user} refreshSession={refresh} />;
}
