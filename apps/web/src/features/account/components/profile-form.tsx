import { useState } from 'react';
import type { CustomerProfile } from '@bookshop/contracts/auth';
import { SelectField } from '../../../ui/form-fields.tsx';
import { ProfileForm } from '../../../ui/profile-form.tsx';
import { ProfileFieldsSchema, useUpdateProfile, type ProfileFields } from '../api/update-profile.ts';
import { browserTimeZone, timeZoneOptions } from '../lib/time-zones.ts';

const fieldsOf = (profile: CustomerProfile): ProfileFields => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  userName: profile.userName,
  ianaZone: profile.ianaZone ?? browserTimeZone(),
});

/** Avatar, first, last and user name and time zone (`PUT v1/customers`, multipart). */
export function CustomerProfileForm({ profile, onSaved }: { profile: CustomerProfile; onSaved: () => void }) {
  const [timeZones] = useState(() => timeZoneOptions(profile.ianaZone ?? browserTimeZone()));
  return (
    <ProfileForm
      values={fieldsOf(profile)}
      schema={ProfileFieldsSchema}
      imageUrl={profile.imageUrl}
      save={useUpdateProfile()}
      valuesOf={fieldsOf}
      onSaved={onSaved}
      extraFields={({ register, formState: { errors } }) => (
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
      )}
    >
      <p className="text-sm text-stone-600">
        Email address: <span className="font-semibold text-stone-800">{profile.emailAddress}</span>
      </p>
    </ProfileForm>
  );
}
