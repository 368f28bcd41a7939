import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_IMAGE_FIELD, UpdateStaffSchema, type UpdateStaff } from '@bookshop/contracts/account';
import type { StaffMember } from '@bookshop/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { currentStaffMemberQueryOptions } from './get-current-staff-member.ts';
import { staffKeys } from '../../../lib/query-keys.ts';

/** The profile form's fields: the request's own rules and messages. */
export const StaffProfileFieldsSchema = UpdateStaffSchema.pick({ firstName: true, lastName: true, userName: true });
export type StaffProfileFields = Pick<UpdateStaff, 'firstName' | 'lastName' | 'userName'>;

/** A new `image` replaces the avatar; `removeImage` drops it. */
export type StaffProfileUpdate = StaffProfileFields & Pick<UpdateStaff, 'removeImage'> & { image?: File };

/** `PUT v1/users` (multipart, like `PUT v1/customers`): the staff member's names, user name and avatar. */
export function updateStaffProfile({ image, ...fields }: StaffProfileUpdate): Promise<StaffMember> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, String(value));
  if (image) form.append(PROFILE_IMAGE_FIELD, image);
  return api<StaffMember>('v1/users', { method: 'PUT', body: form });
}

export function useUpdateStaffProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaffProfile,
    onSuccess: (member) => {
      queryClient.setQueryData(currentStaffMemberQueryOptions().queryKey, member);
      // The Admins' staff table lists user names too.
      return queryClient.invalidateQueries({ queryKey: staffKeys.lists });
    },
  });
}
