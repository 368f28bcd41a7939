import { ChangePasswordForm } from '../features/account/components/change-password-form.tsx';
import { refresh } from '../features/auth/session/session-store.ts';
import { changeStaffPassword } from '../features/staff/api/change-password.ts';
import { ProfilePage } from '../features/staff/pages/profile-page.tsx';

/** /admin/dashboard/profile: the staff profile with the account feature's password form. */
export function StaffProfileRoute() {
  return (
    <ProfilePage
      passwordForm={<ChangePasswordForm send={changeStaffPassword} />}
      // A token refresh answers the saved user name and avatar, so the dashboard header shows them.
      onProfileSaved={() => void refresh()}
    />
  );
}
