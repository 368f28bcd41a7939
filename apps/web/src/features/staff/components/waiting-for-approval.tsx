import { useEffect } from 'react';
import type { LoggedInUser } from '@bookshop/contracts/auth';
import { AuthMessages } from '@bookshop/contracts/auth';
import { RoleName } from '@bookshop/contracts/enums';
import { Button } from '../../../ui/button.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useCurrentStaffMember } from '../api/get-current-staff-member.ts';

/** How often the page asks whether an Admin has given this account a role. */
export const APPROVAL_POLL_MS = 30_000;

type WaitingForApprovalProps = { viewer: LoggedInUser; refreshSession: () => Promise<unknown> };

/** What a New User sees instead of the dashboard until an Admin gives them a role. */
export function WaitingForApproval({ viewer, refreshSession }: WaitingForApprovalProps) {
  useDocumentTitle('Waiting for approval');
  const me = useCurrentStaffMember({ refetchInterval: APPROVAL_POLL_MS });
  const approved = me.data !== undefined && me.data.role !== RoleName.NewUser;

  // The role travels in the access token: once granted, a refresh brings it (and the dashboard).
  useEffect(() => {
    if (approved) void refreshSession();
  }, [approved, refreshSession]);

  return (
    <section aria-labelledby="waiting-title" className="mx-auto grid max-w-xl gap-4 py-16 text-center">
      <h1 id="waiting-title" className="text-3xl font-bold text-stone-900">
        Waiting for approval
      </h1>
      <p className="text-stone-800">
        Welcome, <b>{viewer.userName}</b>. {AuthMessages.awaitingApproval}
      </p>
      <p className="text-stone-700">You can keep this page open: the dashboard appears as soon as you have a role.</p>
      <Button
        variant="secondary"
        className="justify-self-center"
        pending={me.isFetching}
        onClick={() => void me.refetch()}
      >
        Check again
      </Button>
    </section>
  );
}
