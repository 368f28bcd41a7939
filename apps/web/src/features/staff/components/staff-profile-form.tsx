import type { StaffMember } from '@bookshop/contracts/auth';
import { ProfileForm } from '../../../ui/profile-form.tsx';
import { StaffProfileFieldsSchema, useUpdateStaffProfile, type StaffProfileFields } from '../api/update-profile.ts';

/** Staff register without names (spec section 5): empty fields until they add them. */
const fieldsOf = (member: StaffMember): StaffProfileFields => ({
  firstName: member.firstName ?? '',
  lastName: member.lastName ?? '',
  userName: member.userName,
});

/** Avatar, first, last and user name (`PUT v1/users`, multipart): the customer's profile form, less the time zone. */
export function StaffProfileForm({ member, onSaved }: { member: StaffMember; onSaved: () => void }) {
  return (
    <ProfileForm
      values={fieldsOf(member)}
      schema={StaffProfileFieldsSchema}
      imageUrl={member.imageUrl}
      save={useUpdateStaffProfile()}
      valuesOf={fieldsOf}
      onSaved={onSaved}
    />
  );
}
