import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useCurrentStaffMember } from '../api/get-current-staff-member.ts';
import { StaffProfileForm } from '../components/staff-profile-form.tsx';
import { permissionLabels } from '../lib/permission-labels.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';

type ProfilePageProps = {
  /** The password change form (the account feature's, sending `PATCH v1/users`); app/ composes it. */
  passwordForm: ReactNode;
  /** The profile changed: the header's avatar and user name should follow. */
  onProfileSaved: () => void;
};

const card = 'rounded-xl border border-stone-200 bg-white p-5 sm:p-6';

/** /admin/dashboard/profile: the signed-in staff member's names, avatar, password, role and permissions. */
export function ProfilePage({ passwordForm, onProfileSaved }: ProfilePageProps) {
  useDocumentTitle('Profile');
  const me = useCurrentStaffMember();
  return (
    <section aria-labelledby="profile-title" className="grid gap-8">
      <h1 id="profile-title" className="text-3xl font-bold text-stone-900">
        Profile
      </h1>
      {me.isPending ? (
        <Spinner label="Loading profile" className="size-8" />
      ) : me.isError ? (
        <LoadError onRetry={() => me.refetch()} />
      ) : (
        <>
          <div className={card}>
            <StaffProfileForm member={me.data} onSaved={onProfileSaved} />
          </div>
          <dl className={`grid gap-4 sm:grid-cols-[12rem_1fr] ${card}`}>
            <dt className="font-semibold text-stone-700">Email Address</dt>
            <dd>
              <EmailAddress value={me.data.emailAddress} /> {me.data.emailConfirmed ? '(confirmed)' : '(not confirmed)'}
            </dd>
            <dt className="font-semibold text-stone-700">Role</dt>
            <dd>{me.data.role}</dd>
            <dt className="font-semibold text-stone-700">Allowed to</dt>
            <dd>
              {me.data.permissions.length === 0 ? (
                'Nothing yet'
              ) : (
                <ul className="list-disc ps-5">
                  {me.data.permissions.map((permission) => (
                    <li key={permission}>{permissionLabels[permission]}</li>
                  ))}
                </ul>
              )}
            </dd>
            <dt className="font-semibold text-stone-700">Member since</dt>
            <dd>{formatDateTime(me.data.createdAt)}</dd>
          </dl>
          <section aria-labelledby="password-title" className="grid gap-4">
            <h2 id="password-title" className="text-xl font-bold text-stone-900">
              Change Password
            </h2>
            <div className={card}>{passwordForm}</div>
          </section>
        </>
      )}
    </section>
  );
}
