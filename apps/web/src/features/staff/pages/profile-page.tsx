import { Messages } from '@bookshop/contracts/messages';
import { formatDateTime } from '../../../lib/format.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useCurrentStaffMember } from '../api/get-current-staff-member.ts';
import { permissionLabels } from '../lib/permission-labels.ts';

/** /admin/dashboard/profile: the signed-in staff member's account, read-only. */
export function ProfilePage() {
  useDocumentTitle('Profile');
  const me = useCurrentStaffMember();
  return (
    <section aria-labelledby="profile-title" className="grid gap-6">
      <h1 id="profile-title" className="text-3xl font-bold text-stone-900">
        Profile
      </h1>
      {me.isPending ? (
        <Spinner label="Loading profile" className="size-8" />
      ) : me.isError ? (
        <p role="alert">{Messages.listError}</p>
      ) : (
        <dl className="grid gap-4 rounded-xl border border-stone-200 bg-white p-6 sm:grid-cols-[12rem_1fr]">
          <dt className="font-semibold text-stone-700">User Name</dt>
          <dd>{me.data.userName}</dd>
          <dt className="font-semibold text-stone-700">Email Address</dt>
          <dd className="break-all">
            {me.data.emailAddress} {me.data.emailConfirmed ? '(confirmed)' : '(not confirmed)'}
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
      )}
    </section>
  );
}
