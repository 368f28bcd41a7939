import { z } from 'zod';
import {
  FirstNameSchema,
  IanaZoneSchema,
  LastNameSchema,
  PasswordSchema,
  UserNameSchema,
} from '@bookshop/contracts/auth';
import { ACCEPTED_IMAGE_TYPES } from '@bookshop/contracts/constants';
import { Messages } from '@bookshop/contracts/messages';

export const AccountMessages = {
  currentPasswordRequired: 'Current password is required.',
  samePassword: 'The new password must differ from the current one.',
  imageType: 'Choose a PNG, JPEG, JPG, GIF or WebP image.',
  profileSaved: 'Profile updated.',
  passwordChanged: 'Password changed.',
  accountDeleted: 'Your account has been deleted.',
} as const;

/** The profile form: the names (spec section 5 rules) and the time zone dates are shown in. */
export const ProfileFormSchema = z.object({
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  userName: UserNameSchema,
  ianaZone: IanaZoneSchema,
});
export type ProfileFormValues = z.infer<typeof ProfileFormSchema>;

/** Current password, and the new one under the spec's password rules, typed twice. */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, AccountMessages.currentPasswordRequired),
    password: PasswordSchema,
    confirmPassword: z.string().min(1, Messages.confirmPasswordRequired),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: Messages.passwordsDontMatch,
    path: ['confirmPassword'],
    // Reported while other fields are still wrong, as soon as both are typed (forms validate on every change).
    when: ({ value }) => {
      const fields = value as { password?: unknown; confirmPassword?: unknown };
      return (
        typeof fields.password === 'string' &&
        typeof fields.confirmPassword === 'string' &&
        fields.confirmPassword !== ''
      );
    },
  })
  .refine((value) => value.password !== value.currentPassword, {
    message: AccountMessages.samePassword,
    path: ['password'],
    when: ({ value }) => {
      const fields = value as { password?: unknown; currentPassword?: unknown };
      return (
        typeof fields.password === 'string' && fields.password !== '' && fields.password === fields.currentPassword
      );
    },
  });
export type ChangePasswordValues = z.infer<typeof ChangePasswordSchema>;

/** Spec section 5: accepted image types png, jpeg, jpg, gif, webp. */
export const ACCEPTED_IMAGE_INPUT = [...ACCEPTED_IMAGE_TYPES, '.png', '.jpeg', '.jpg', '.gif', '.webp'].join(',');

export function isAcceptedImage(file: File): boolean {
  return (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);
}

/** Every IANA time zone the browser knows, with the customer's current one kept even if it does not. */
export function timeZoneOptions(current: string | null | undefined): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    // Older browsers: the current zone alone still lets the form be saved.
  }
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
