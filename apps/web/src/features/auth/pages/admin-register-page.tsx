import { Routes } from '@bookshop/contracts/routes';
import { AdminSplitLayout } from '../components/admin-split-layout.tsx';
import { StaffRegisterForm } from '../components/staff-register-form.tsx';

/** /admin/register: staff registration beside the 'New Here?' panel. New staff wait for an Admin's approval. */
export function AdminRegisterPage() {
  return (
    <AdminSplitLayout
      welcome="New Here?"
      welcomeText="Create your staff account. Once you confirm your email address, an Admin gives you a role."
      switchTo={{ to: Routes.adminLogin, label: 'Log in instead' }}
      title="Register"
    >
      <StaffRegisterForm />
    </AdminSplitLayout>
  );
}
