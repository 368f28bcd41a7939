import { z } from 'zod';
import {
  AuthMessages,
  ConfirmPasswordSchema,
  FirstNameSchema,
  IanaZoneSchema,
  PreferredLanguageSchema,
  LastNameSchema,
  PASSWORD_MAX_LENGTH,
  PasswordSchema,
  passwordsMatch,
  UserNameSchema,
} from './auth.ts';
import { IMAGE_MAX_INPUT_PIXELS } from './constants.ts';
import { Messages } from './messages.ts';

/**
 * The customer's own account on /account (spec section 7, "Customer account"):
 * `PUT v1/customers` (profile, multipart), `PATCH v1/customers` (password),
 * `DELETE v1/customers/account`. See docs/decisions/007-account-changes.md.
 */

/** Largest avatar upload; bigger files are refused with 413 before they are read to the end. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Avatars are cropped to a square of this side (px) before they are stored. */
export const AVATAR_SIZE_PX = 800;
/** What a customer without a password (Google-only) types to confirm deleting the account. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';
/** The form field names of `PUT v1/customers` besides the text fields. */
export const PROFILE_IMAGE_FIELD = 'image';

export const AccountMessages = {
  currentPasswordRequired: 'Current password is required.',
  currentPasswordIncorrect: 'Current password is incorrect.',
  samePassword: 'The new password must differ from the current one.',
  passwordChanged: 'Your password has been changed. You have been logged out on your other devices.',
  noPasswordTitle: 'No Password Yet',
  noPassword:
    "Your account signs in with Google and has no password yet. Use 'Forgot Password ?' on the login page to set one by e-mail.",
  passwordIncorrect: 'Password is incorrect.',
  confirmDeletion: `Type ${DELETE_CONFIRMATION_WORD} to confirm.`,
  imageType: 'Choose a PNG, JPEG, JPG, GIF or WebP image.',
  imageTooLarge: `The image must be at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB.`,
  imageTooManyPixels: `The image must be at most ${IMAGE_MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
  tooManyParts: 'Send the profile fields and at most one image.',
  unexpectedFile: `Send the picture in the "image" field.`,
  malformedForm: 'The form could not be read. Please send it again.',
} as const;

/** A password typed to prove who you are: only required, never held to the new-password rules. */
const passwordCheck = (required: string) =>
  z
    .string({ error: required })
    .pipe(z.string().min(1, required))
    .pipe(z.string().max(PASSWORD_MAX_LENGTH, AuthMessages.passwordMax));

/** A form sends text; JSON may send a boolean. */
const FormBooleanSchema = z.union([z.boolean(), z.stringbool()]);

/**
 * `PUT v1/customers` text fields (multipart/form-data, or JSON without an image). Names and
 * user name follow the registration rules. `ianaZone` left out keeps the saved one. `type` (the
 * person type, spec section 3) is accepted and ignored: an account's type never changes.
 * `removeImage=true` drops the avatar; a file in `image` (png, jpeg, gif or webp, checked by
 * content, at most AVATAR_MAX_BYTES) replaces it and wins over `removeImage`.
 */
export const UpdateCustomerSchema = z.object({
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  userName: UserNameSchema,
  ianaZone: IanaZoneSchema.optional(),
  /** Left out keeps the saved one. */
  preferredLanguage: PreferredLanguageSchema.optional(),
  type: z.union([z.string().max(20), z.number()]).optional(),
  removeImage: FormBooleanSchema.optional(),
});
export type UpdateCustomer = z.infer<typeof UpdateCustomerSchema>;

/**
 * `PUT v1/users` (a staff member's own profile, multipart like PUT v1/customers): the same
 * fields and rules; `PATCH v1/users` changes the password with ChangePasswordSchema.
 */
export const UpdateStaffSchema = UpdateCustomerSchema.omit({ ianaZone: true, preferredLanguage: true, type: true });
export type UpdateStaff = z.infer<typeof UpdateStaffSchema>;

/**
 * `PATCH v1/customers`: the current password and the new one (spec rules) typed twice. Every
 * other session of the account ends; the caller's stays. An account without a password
 * (Google-only) sets one through the mailed reset link instead (400, AccountMessages.noPassword).
 */
export const ChangePasswordSchema = passwordsMatch(
  z.object({
    currentPassword: passwordCheck(AccountMessages.currentPasswordRequired),
    password: PasswordSchema,
    confirmPassword: ConfirmPasswordSchema,
  }),
).refine((value) => value.password !== value.currentPassword, {
  message: AccountMessages.samePassword,
  path: ['password'],
  when: (payload) => {
    const value = payload.value as { password?: unknown; currentPassword?: unknown } | undefined;
    return typeof value?.password === 'string' && value.password !== '' && value.password === value.currentPassword;
  },
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/**
 * `DELETE v1/customers/account`: `password` for an account that has one; `confirm: "DELETE"`
 * for a Google-only account (CustomerProfile.hasPassword false). Answers 204 and clears the
 * session cookie.
 */
export const DeleteAccountSchema = z.object({
  password: passwordCheck(Messages.passwordRequired).optional(),
  confirm: z.string().max(20).optional(),
});
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;
