import { Routes } from '@bookshop/contracts/routes';
import { AdminSplitLayout } from '../components/admin-split-layout.tsx';
import { LoginForm } from '../components/login-form.tsx';

/** /admin/login: staff login beside the 'Welcome back' panel; no Google sign-in for staff. */
export function AdminLoginPage() {
  return (
    <AdminSplitLayout
      welcome="Welcome back"
      welcomeText="Log in to manage books, orders and the shop's staff."
      switchTo={{ to: Routes.adminRegister, label: 'Create a staff account' }}
      title="Login"
    >
      <LoginForm area="staff" />
    </AdminSplitLayout>
  );
}
