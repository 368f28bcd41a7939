import { useId, useState } from 'react';
import { z } from 'zod';
import { AuthMessages, StaffQuerySchema, type StaffMember } from '@bookshop/contracts/auth';
import { DEFAULT_PAGE_SIZE } from '@bookshop/contracts/constants';
import { RoleName } from '@bookshop/contracts/enums';
import { Permission, ROLE_NAMES } from '@bookshop/contracts/roles';
import { formatDateTime } from '../../../lib/format.ts';
import { useUrlState } from '../../../lib/use-url-state.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { SelectField } from '../../../ui/form-fields.tsx';
import { ListPage } from '../../../ui/list-page.tsx';
import { DataTable, InRow, MINOR_CELL, type DataColumn } from '../../../ui/data-table.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { EmptyLine, ErrorLine, QueryState } from '../../../ui/query-state.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useChangeRole } from '../api/change-role.ts';
import { useStaff } from '../api/get-staff.ts';
import { useDashboardViewer } from '../components/dashboard-layout.tsx';

const isRoleName = (value: string | null): value is RoleName => ROLE_NAMES.includes(value as RoleName);

// Narrow, when someone joined shows under their name.
const COLUMNS: DataColumn[] = [
  'User Name',
  'Email Address',
  'Role',
  'Email confirmed',
  { key: 'Joined', label: 'Joined', minor: true },
];

/** Page and role filter live in the URL; the page size is fixed. */
const UrlQuerySchema = z.object({
  ...StaffQuerySchema.shape,
  pageSize: z.literal(DEFAULT_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** /admin/dashboard/staff (Admins only): every staff member, with their role to change. */
export function StaffPage() {
  useDocumentTitle('Staff');
  const viewer = useDashboardViewer();
  if (!viewer.permissions.includes(Permission.ManageStaff)) {
    return (
      <section className="grid gap-4">
        <h1 className="text-3xl font-bold text-stone-900">Staff</h1>
        <p role="alert">{AuthMessages.adminOnly}</p>
      </section>
    );
  }
  return <StaffList viewerId={viewer.id} />;
}

function StaffList({ viewerId }: { viewerId: number }) {
  const [query, setQuery] = useUrlState(UrlQuerySchema);
  const staff = useStaff(query);
  const details = staff.data?.paginationDetails;

  return (
    <ListPage
      id="staff"
      title="Staff"
      intro="New staff have the role New User until you give them another."
      actions={
        <SelectField
          label="Show"
          value={query.role ?? ''}
          onChange={(event) =>
            setQuery({ role: isRoleName(event.target.value) ? event.target.value : undefined, pageNo: 1 })
          }
        >
          <option value="">All roles</option>
          {ROLE_NAMES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </SelectField>
      }
    >
      <QueryState
        query={staff}
        loadingLabel="Loading staff"
        isEmpty={(page) => page.data.length === 0}
        empty={<EmptyLine>No staff found.</EmptyLine>}
        error={<ErrorLine />}
      >
        {(page) => (
          <DataTable caption="Staff and their roles" columns={COLUMNS}>
            {page.data.map((member) => (
              <StaffRow key={member.id} member={member} isViewer={member.id === viewerId} />
            ))}
          </DataTable>
        )}
      </QueryState>

      {details && details.totalPages > 1 && (
        <nav aria-label="Staff pages" className="flex items-center justify-center gap-3">
          <Button
            variant="secondary"
            disabled={query.pageNo <= 1}
            onClick={() => setQuery({ pageNo: query.pageNo - 1 })}
          >
            Previous
          </Button>
          <span className="text-sm text-stone-800">
            Page {details.currentPage} of {details.totalPages}
          </span>
          <Button
            variant="secondary"
            disabled={query.pageNo >= details.totalPages}
            onClick={() => setQuery({ pageNo: query.pageNo + 1 })}
          >
            Next
          </Button>
        </nav>
      )}
    </ListPage>
  );
}

function StaffRow({ member, isViewer }: { member: StaffMember; isViewer: boolean }) {
  const changeRole = useChangeRole();
  const selectId = useId();
  // The role picked but not yet confirmed; the picker keeps showing the current one until then.
  const [asked, setAsked] = useState<RoleName | null>(null);
  return (
    <tr>
      <td className="px-4 py-3 font-semibold text-stone-900">
        {member.userName}
        {isViewer && <span className="ms-1 font-normal text-stone-600">(you)</span>}
        <InRow label="Joined">{formatDateTime(member.createdAt)}</InRow>
      </td>
      <td className="px-4 py-3">
        <EmailAddress value={member.emailAddress} />
      </td>
      <td className="px-4 py-3">
        <label htmlFor={selectId} className="sr-only">
          Role of {member.userName}
        </label>
        <div className="flex items-center gap-2">
          <select
            id={selectId}
            value={changeRole.isPending ? changeRole.variables.role : member.role}
            // An Admin cannot change their own role (the API refuses too), so no one locks themselves out.
            disabled={isViewer || changeRole.isPending}
            title={isViewer ? AuthMessages.cannotChangeOwnRole : undefined}
            onChange={(event) => {
              if (isRoleName(event.target.value) && event.target.value !== member.role) setAsked(event.target.value);
            }}
            className="min-h-10 rounded-md border border-stone-300 bg-white px-2 disabled:bg-stone-100"
          >
            {ROLE_NAMES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
          {changeRole.isPending && <Spinner label="Saving role" className="size-4" />}
        </div>
        {asked && (
          <ConfirmDialog
            title={`Make ${member.userName} ${asked}?`}
            description={roleChangeDescription(member, asked)}
            cancelLabel={`Keep ${member.role}`}
            confirmLabel="Change Role"
            onClose={() => setAsked(null)}
            onConfirm={() => changeRole.mutate({ id: member.id, role: asked })}
          />
        )}
      </td>
      <td className="px-4 py-3">{member.emailConfirmed ? 'Yes' : 'No'}</td>
      <td className={`px-4 py-3 whitespace-nowrap ${MINOR_CELL}`}>{formatDateTime(member.createdAt)}</td>
    </tr>
  );
}

/** A role decides what a person may do in the shop, so the dialog names who and what exactly. */
const roleChangeDescription = (member: StaffMember, role: RoleName) =>
  `${member.userName} (${member.emailAddress}) will have the role ${role} instead of ${member.role}, from their next request.`;
