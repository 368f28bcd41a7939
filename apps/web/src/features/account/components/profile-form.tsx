import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { CustomerProfile } from '@bookshop/contracts/auth';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { SelectField, TextField } from '../../../ui/form-fields.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import {
  AccountMessages,
  browserTimeZone,
  ProfileFormSchema,
  timeZoneOptions,
  type ProfileFormValues,
} from '../lib/account-schemas.ts';
import { AvatarPicker } from './avatar-picker.tsx';

const FIELDS = ['firstName', 'lastName', 'userName', 'ianaZone'] as const;

/** Avatar, first, last and user name and time zone (`PUT v1/customers`, multipart). */
export function ProfileForm({ profile, onSaved }: { profile: CustomerProfile; onSaved: () => void }) {
  const [image, setImage] = useState<File | null>(null);
  const [timeZones] = useState(() => timeZoneOptions(profile.ianaZone ?? browserTimeZone()));
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(ProfileFormSchema),
    mode: 'onChange',
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      userName: profile.userName,
      ianaZone: profile.ianaZone ?? browserTimeZone(),
    },
  });

  const onSubmit = (values: ProfileFormValues) =>
    update.mutate(
      { ...values, ...(image && { image }) },
      {
        onSuccess: (saved) => {
          toast.success(AccountMessages.profileSaved);
          setImage(null);
          reset({
            firstName: saved.firstName,
            lastName: saved.lastName,
            userName: saved.userName,
            ianaZone: saved.ianaZone ?? values.ianaZone,
          });
          onSaved();
        },
        onError: (error) => {
          const fieldErrors = error instanceof ApiError ? error.problem.errors : undefined;
          for (const field of FIELDS) {
            const message = fieldErrors?.[field]?.[0];
            if (message) setError(field, { type: 'server', message });
          }
        },
      },
    );

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-5">
      <AvatarPicker userName={profile.userName} currentUrl={profile.imageUrl} file={image} onChange={setImage} />
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
      <Button type="submit" className="justify-self-start" pending={update.isPending} disabled={!isDirty && !image}>
        Save Profile
      </Button>
    </form>
  );
}
