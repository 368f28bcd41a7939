import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMember } from '@bookshop/contracts/auth';
import type { RoleName } from '@bookshop/contracts/enums';
import { api } from '../../../lib/api-client.ts';
import { escapeHtml } from '../../../ui/safe-html.tsx';
import { toast } from '../../../ui/toast.tsx';
import { staffKeys } from '../../../lib/query-keys.ts';

/** `PATCH v1/users/{id}/role` (Admin only, not one's own); the API applies it from the member's next request. */
export function changeRole(id: number, role: RoleName): Promise<StaffMember> {
  return api<StaffMember>(`v1/users/${id}/role`, { method: 'PATCH', body: { role } });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: number; role: RoleName }) => changeRole(id, role),
    onSuccess: (member) => {
      toast.success('Role changed.', `${escapeHtml(member.userName)} is now ${member.role}.`);
      return queryClient.invalidateQueries({ queryKey: staffKeys.lists });
    },
  });
}
