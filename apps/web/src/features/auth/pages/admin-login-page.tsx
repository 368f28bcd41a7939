import { AdminSplitLayout } from '../components/admin-split-layout.tsx';
import { LoginForm } from '../components/login-form.tsx';

/** /admin/login: staff login beside the 'Welcome back' panel; no Google sign-in for staff. */
export function AdminLoginPage() {
  return (
    <AdminSplitLayout page="login">
      <LoginForm area="staff" />
    </AdminSplitLayout>
  );
}
