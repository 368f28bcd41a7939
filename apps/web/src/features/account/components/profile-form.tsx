import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PROFILE_IMAGE_FIELD } from '@bookshop/contracts/account';
import type { CustomerProfile } from '@bookshop/contracts/auth';
import { Button } from '../../../ui/button.tsx';
import { SelectField, TextField } from '../../../ui/form-fields.tsx';
import { toast } from '../../../ui/toast.tsx';
import { ProfileFieldsSchema, useUpdateProfile, type ProfileFields } from '../api/update-profile.ts';
import { serverFieldError } from '../../../lib/field-errors.ts';
import { browserTimeZone, timeZoneOptions } from '../lib/time-zones.ts';
import { AvatarPicker } from '../../../ui/avatar-picker.tsx';

const FIELDS = ['firstName', 'lastName', 'userName', 'ianaZone'] as const;
const PROFILE_SAVED = 'Profile updated.';

const fieldsOf = (profile: CustomerProfile, fallbackZone: string): ProfileFields => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  userName: profile.userName,
  ianaZone: profile.ianaZone ?? fallbackZone,
});

/** Avatar, first, last and user name and time zone (`PUT v1/customers`, multipart). */
export function ProfileForm({ profile, onSaved }: { profile: CustomerProfile; onSaved: () => void }) {
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [imageError, setImageError] = useState<string>();
  const [timeZones] = useState(() => timeZoneOptions(profile.ianaZone ?? browserTimeZone()));
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileFields>({
    resolver: zodResolver(ProfileFieldsSchema),
    mode: 'onChange',
    defaultValues: fieldsOf(profile, browserTimeZone()),
  });

  const onSubmit = (values: ProfileFields) =>
    update.mutate(
      { ...values, ...(image ? { image } : removeImage && { removeImage: true }) },
      {
        onSuccess: (saved) => {
          toast.success(PROFILE_SAVED);
          setImage(null);
          setRemoveImage(false);
          reset(fieldsOf(saved, values.ianaZone ?? browserTimeZone()));
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
        userName={profile.userName}
        currentUrl={profile.imageUrl}
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
        <SelectField
          label="Time Zone"
          hint="Dates in your e-mails use it."
          error={errors.ianaZone?.message}
          {...register('ianaZone')}
        >
          {timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="text-sm text-stone-600">
        Email address: <span className="font-semibold text-stone-800">{profile.emailAddress}</span>
      </p>
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
