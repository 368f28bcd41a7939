import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PROFILE_IMAGE_FIELD } from '@bookshop/contracts/account';
import type { StaffMember } from '@bookshop/contracts/auth';
import { serverFieldError } from '../../../lib/field-errors.ts';
import { AvatarPicker } from '../../../ui/avatar-picker.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/form-fields.tsx';
import { toast } from '../../../ui/toast.tsx';
import { StaffProfileFieldsSchema, useUpdateStaffProfile, type StaffProfileFields } from '../api/update-profile.ts';

const FIELDS = ['firstName', 'lastName', 'userName'] as const;
const PROFILE_SAVED = 'Profile updated.';

const fieldsOf = (member: StaffMember): StaffProfileFields => ({
  firstName: member.firstName ?? '',
  lastName: member.lastName ?? '',
  userName: member.userName,
});

/** Avatar, first, last and user name (`PUT v1/users`, multipart): the customer's profile form, less the time zone. */
export function StaffProfileForm({ member, onSaved }: { member: StaffMember; onSaved: () => void }) {
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [imageError, setImageError] = useState<string>();
  const update = useUpdateStaffProfile();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<StaffProfileFields>({
    resolver: zodResolver(StaffProfileFieldsSchema),
    mode: 'onChange',
    defaultValues: fieldsOf(member),
  });

  const onSubmit = (values: StaffProfileFields) =>
    update.mutate(
      { ...values, ...(image ? { image } : removeImage && { removeImage: true }) },
      {
        onSuccess: (saved) => {
          toast.success(PROFILE_SAVED);
          setImage(null);
          setRemoveImage(false);
          reset(fieldsOf(saved));
          onSaved();
        },
        onError: (error) => {
          for (const field of FIELDS) {
            const message = serverFieldError(error, field);
            if (message) setError(field, { type: 'server', message });
          }
          const refused = serverFieldError(error, PROFILE_IMAGE_FIELD);
          if (refused) {
            setImage(null);
            setImageError(refused);
          }
        },
      },
    );

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-5">
      <AvatarPicker
        userName={member.userName}
        currentUrl={member.imageUrl}
        file={image}
        removing={removeImage}
        error={imageError}
        onChange={(change) => {
          if ('error' in change) setImage(null);
          else if ('file' in change) setImage(change.file);
          setRemoveImage('remove' in change && change.remove);
          setImageError('error' in change ? change.error : undefined);
        }}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First Name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
        <TextField
          label="User Name"
          autoComplete="username"
          error={errors.userName?.message}
          {...register('userName')}
        />
      </div>
      <Button
        type="submit"
        className="justify-self-start"
        pending={update.isPending}
        disabled={!isDirty && !image && !removeImage}
      >
        Save Profile
      </Button>
    </form>
  );
}
