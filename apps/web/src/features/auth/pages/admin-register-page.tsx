import { AdminSplitLayout } from '../components/admin-split-layout.tsx';
import { StaffRegisterForm } from '../components/staff-register-form.tsx';

/** /admin/register: staff registration beside the 'New Here?' panel. New staff wait for an Admin's approval. */
export function AdminRegisterPage() {
  return (
    <AdminSplitLayout page="register">
      <StaffRegisterForm />
    </AdminSplitLayout>
  );
}
