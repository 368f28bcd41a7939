import { AuthMessages } from '@bookshop/contracts/auth';
import { Permission } from '@bookshop/contracts/roles';
import { AdminReviewsPage } from '../features/admin-reviews/pages/admin-reviews-page.tsx';
import { useDashboardViewer } from '../features/staff/components/dashboard-layout.tsx';

/** /admin/dashboard/reviews (reviews:moderate; the API checks the same permission on every call). */
export function AdminReviewsRoute() {
  const { permissions } = useDashboardViewer();
  if (permissions.includes(Permission.ModerateReviews)) return <AdminReviewsPage />;
  return (
    <section className="grid gap-4">
      <h1 className="text-3xl font-bold text-stone-900">Reviews</h1>
      <p role="alert">{AuthMessages.permissionMissing}</p>
    </section>
  );
}
