import { useState } from 'react';
import { LANGUAGES, type CustomerProfile, type PreferredLanguage } from '@bookshop/contracts/auth';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { SelectField } from '../../../ui/form-fields.tsx';
import { ProfileForm } from '../../../ui/profile-form.tsx';
import { ProfileFieldsSchema, useUpdateProfile, type ProfileFields } from '../api/update-profile.ts';
import { browserTimeZone, timeZoneOptions } from '../lib/time-zones.ts';

/** Each language by its own name, whichever language the page is in: a reader finds their own. */
const LANGUAGE_NAMES: Record<PreferredLanguage, string> = { en: 'English', ar: 'العربية' };

const fieldsOf = (profile: CustomerProfile): ProfileFields => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  userName: profile.userName,
  ianaZone: profile.ianaZone ?? browserTimeZone(),
  preferredLanguage: profile.preferredLanguage,
});

/** Avatar, first, last and user name, time zone and e-mail language (`PUT v1/customers`, multipart). */
export function CustomerProfileForm({ profile, onSaved }: { profile: CustomerProfile; onSaved: () => void }) {
  const t = useT();
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
        <>
          <SelectField
            label={t('profile.timeZone')}
            hint={t('profile.timeZoneHint')}
            error={errors.ianaZone?.message}
            {...register('ianaZone')}
          >
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('profile.emailLanguage')}
            hint={t('profile.emailLanguageHint')}
            error={errors.preferredLanguage?.message}
            {...register('preferredLanguage')}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </SelectField>
        </>
      )}
    >
      <p className="text-sm text-stone-600">
        {t('profile.emailAddress')} <bdi className="font-semibold text-stone-800">{profile.emailAddress}</bdi>
      </p>
    </ProfileForm>
  );
}
