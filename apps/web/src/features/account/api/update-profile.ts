import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerProfile } from '@bookshop/contracts/auth';
import { PersonType } from '@bookshop/contracts/enums';
import { api } from '../../../lib/api-client.ts';
import type { ProfileFormValues } from '../lib/account-schemas.ts';
import { profileQueryKey } from './get-profile.ts';

export type ProfileUpdate = ProfileFormValues & { image?: File };

/** `PUT v1/customers` (multipart, spec section 7): the names, time zone and optionally a new avatar. */
export function updateProfile({ image, ...fields }: ProfileUpdate): Promise<CustomerProfile> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  // Spec section 3: the customer update payload adds the person type to the customer fields.
  form.append('type', String(PersonType.Customer));
  if (image) form.append('image', image);
  return api<CustomerProfile>('v1/customers', { method: 'PUT', body: form });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
