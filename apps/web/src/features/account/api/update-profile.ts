import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_IMAGE_FIELD, UpdateCustomerSchema, type UpdateCustomer } from '@bookshop/contracts/account';
import type { CustomerProfile } from '@bookshop/contracts/auth';
import { PersonType } from '@bookshop/contracts/enums';
import { api } from '../../../lib/api-client.ts';
import { customerProfileKeys } from '../../../lib/query-keys.ts';

/** The profile form's fields: the request's own rules and messages. */
export const ProfileFieldsSchema = UpdateCustomerSchema.pick({
  firstName: true,
  lastName: true,
  userName: true,
  ianaZone: true,
  preferredLanguage: true,
});
export type ProfileFields = Pick<
  UpdateCustomer,
  'firstName' | 'lastName' | 'userName' | 'ianaZone' | 'preferredLanguage'
>;

/** A new `image` replaces the avatar; `removeImage` drops it. */
export type ProfileUpdate = ProfileFields & Pick<UpdateCustomer, 'removeImage'> & { image?: File };

/** `PUT v1/customers` (multipart, spec section 7): names, user name, time zone, e-mail language and the avatar. */
export function updateProfile({ image, ...fields }: ProfileUpdate): Promise<CustomerProfile> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, String(value));
  // Spec section 3: the customer update payload adds the person type to the customer fields.
  form.append('type', String(PersonType.Customer));
  if (image) form.append(PROFILE_IMAGE_FIELD, image);
  return api<CustomerProfile>('v1/customers', { method: 'PUT', body: form });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(customerProfileKeys.all, profile),
  });
}
