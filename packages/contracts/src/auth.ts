import { z } from 'zod';
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from './constants.ts';
import { LoginProvider, PersonType } from './enums.ts';
import { Messages } from './messages.ts';
import { PageQuerySchema, pageOf } from './pagination.ts';
import { ALL_PERMISSIONS, ROLE_NAMES } from './roles.ts';
import { lineText } from './text.ts';

/** Access tokens live 15 minutes; the refresh cookie renews them (docs/decisions/004-sessions-and-tokens.md). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const EMAIL_CONFIRMATION_TTL_HOURS = 24;
export const PASSWORD_RESET_TTL_MINUTES = 30;

export const EMAIL_MAX_LENGTH = 254;
export const USERNAME_MAX_LENGTH = 50;
/** Caps the work one login can cost the server (argon2 hashes the whole input). */
export const PASSWORD_MAX_LENGTH = 128;

/** Messages of the account API that the spec does not give; the spec's own are in messages.ts. */
export const AuthMessages = {
  emailMax: `Email Address must be at most ${EMAIL_MAX_LENGTH} characters long.`,
  userNameMax: `User Name must be at most ${USERNAME_MAX_LENGTH} characters long.`,
  passwordMax: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  userNameTaken: (userName: string) => `This User Name "${userName}" is already taken.`,
  invalidTimeZone: 'Unknown time zone.',

  loginFailedTitle: 'Login Failed',
  invalidCredentials: 'Invalid email address or password.',
  emailNotConfirmedTitle: 'Email Not Confirmed',
  emailNotConfirmed: (email: string) =>
    `Please confirm your email address "${email}" first: open the link we sent you, or ask for a new one.`,

  registered: 'Registration successful. Check your email to confirm your address.',
  confirmationSent:
    'If this email address is registered and not yet confirmed, we have sent it a new confirmation link.',
  resetSent: 'If an account uses this email address, we have sent it a link to reset the password.',
  invalidLinkTitle: 'Invalid Link',
  confirmationLinkInvalid: 'This confirmation link is invalid, has expired or has already been used.',
  resetLinkInvalid: 'This password reset link is invalid, has expired or has already been used.',

  googleSignInFailedTitle: 'Google Sign-In Failed',
  googleSignInFailed: 'Your Google sign-in could not be verified. Please try again.',
  googleSignInDisabled: 'Google sign-in is not enabled.',
  // Google sign-in never adopts a confirmed account: its owner links Google from /account (decision 055).
  googleAccountExistsTitle: 'Account Already Exists',
  googleAccountExists:
    'An account with this email address already exists. Log in with your password (or use Forgot Password ? to set one), then link Google sign-in on your account page.',
  googleLinkFailedTitle: 'Google Sign-In Not Linked',
  googleLinkedElsewhere: 'This Google account is already linked to another account.',
  googleEmailMismatch: (googleEmail: string, accountEmail: string) =>
    `This Google account (${googleEmail}) does not use your account's email address (${accountEmail}). Choose the Google account with ${accountEmail}.`,
  googleLinked: 'Google sign-in is linked to your account.',

  signInRequired: 'Sign in to continue.',
  sessionEnded: 'Your session has ended. Please log in again.',
  customersOnly: 'Only customers can do this.',
  staffOnly: 'Only staff can do this.',
  awaitingApproval: 'Your account is waiting for an administrator to give it a role.',
  permissionMissing: 'Your role does not allow this.',
  adminOnly: 'Only an Admin can do this.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  lastAdmin: 'The shop must keep at least one Admin. Give another staff member the Admin role first.',
  staffNotFound: 'No staff member has this id.',
} as const;

/** RFC 9457 `type` values the client can branch on (e.g. offer to resend the confirmation mail). */
export const ProblemType = {
  invalidCredentials: 'urn:bookshop:problem:invalid-credentials',
  emailNotConfirmed: 'urn:bookshop:problem:email-not-confirmed',
  invalidLink: 'urn:bookshop:problem:invalid-link',
  googleSignInFailed: 'urn:bookshop:problem:google-sign-in-failed',
  sessionEnded: 'urn:bookshop:problem:session-ended',
  /** Google sign-in met a confirmed account with the same e-mail: log in and link Google from /account. */
  googleAccountExists: 'urn:bookshop:problem:google-account-exists',
  /** Linking Google to the signed-in account was refused (linked elsewhere, or another e-mail address). */
  googleLinkRefused: 'urn:bookshop:problem:google-link-refused',
} as const;

// Each field is a pipe: a failing stage stops that field's later checks (so an empty field shows
// only its "required" message) without stopping the object-level "passwords match" check.

const requiredText = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .pipe(lineText(z.string().min(1, required), required));

export const EmailSchema = z
  .string({ error: Messages.invalidEmail })
  .pipe(z.email({ error: Messages.invalidEmail }))
  .pipe(z.string().max(EMAIL_MAX_LENGTH, AuthMessages.emailMax));

export const UserNameSchema = requiredText(Messages.userNameRequired).pipe(
  z.string().min(USERNAME_MIN_LENGTH, Messages.userNameMin).max(USERNAME_MAX_LENGTH, AuthMessages.userNameMax),
);

export const PasswordSchema = z
  .string({ error: Messages.passwordRequired })
  .pipe(z.string().min(1, Messages.passwordRequired))
  .pipe(
    z
      .string()
      .min(PASSWORD_MIN_LENGTH, Messages.passwordMin)
      .max(PASSWORD_MAX_LENGTH, AuthMessages.passwordMax)
      .regex(/[a-z]/, Messages.passwordLowercase)
      .regex(/[A-Z]/, Messages.passwordUppercase)
      .regex(/[0-9]/, Messages.passwordNumber)
      .regex(/[\W_]/, Messages.passwordSpecial),
  );

export const ConfirmPasswordSchema = z
  .string({ error: Messages.confirmPasswordRequired })
  .pipe(z.string().min(1, Messages.confirmPasswordRequired));

const nameSchema = (required: string, min: string, max: string) =>
  requiredText(required).pipe(z.string().min(NAME_MIN_LENGTH, min).max(NAME_MAX_LENGTH, max));

export const FirstNameSchema = nameSchema(Messages.firstNameRequired, Messages.firstNameMin, Messages.firstNameMax);
export const LastNameSchema = nameSchema(Messages.lastNameRequired, Messages.lastNameMin, Messages.lastNameMax);

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** IANA time zone of the browser (e.g. "Asia/Dubai"); dates in e-mails use it. */
export const IanaZoneSchema = z.string().max(64).refine(isTimeZone, AuthMessages.invalidTimeZone);

type WithPasswords = { password?: unknown; confirmPassword?: unknown };

/** "Passwords don't match." on confirmPassword, reported even while other fields are invalid. */
export const passwordsMatch = <T extends z.ZodType<WithPasswords>>(schema: T) =>
  schema.refine((value) => value.password === value.confirmPassword, {
    message: Messages.passwordsDontMatch,
    path: ['confirmPassword'],
    when: (payload) => {
      const value = payload.value as WithPasswords | undefined;
      return (
        typeof value?.password === 'string' && typeof value.confirmPassword === 'string' && value.confirmPassword !== ''
      );
    },
  });

/** Staff registration (/admin/register): the base fields. */
export const StaffRegisterSchema = passwordsMatch(
  z.object({
    emailAddress: EmailSchema,
    userName: UserNameSchema,
    password: PasswordSchema,
    confirmPassword: ConfirmPasswordSchema,
  }),
);
export type StaffRegister = z.infer<typeof StaffRegisterSchema>;

/**
 * The language of a customer's e-mails (issue 24): set from the language of the page they
 * registered on, changed on /account.
 */
export const LANGUAGES = ['en', 'ar'] as const;
export const PreferredLanguageSchema = z.enum(LANGUAGES, {
  error: `Preferred language must be one of ${LANGUAGES.join(', ')}.`,
});
export type PreferredLanguage = z.infer<typeof PreferredLanguageSchema>;

/**
 * Customer registration (/register): the base fields plus first and last name. `preferredLanguage`
 * left out is the language of the request (`Accept-Language` as the storefront sends it: its
 * page's language), else the `lang` cookie, else English.
 */
export const CustomerRegisterSchema = passwordsMatch(
  z.object({
    emailAddress: EmailSchema,
    userName: UserNameSchema,
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
    password: PasswordSchema,
    confirmPassword: ConfirmPasswordSchema,
    ianaZone: IanaZoneSchema.optional(),
    preferredLanguage: PreferredLanguageSchema.optional(),
  }),
);
export type CustomerRegister = z.infer<typeof CustomerRegisterSchema>;

/** Login: e-mail and password under the same password rules (spec section 5). */
export const LoginSchema = z.object({ emailAddress: EmailSchema, password: PasswordSchema });
export type Login = z.infer<typeof LoginSchema>;

export const EmailAddressSchema = z.object({ emailAddress: EmailSchema });

/** The single-use id from the confirmation mail's link. */
export const ConfirmEmailParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, AuthMessages.confirmationLinkInvalid),
});

export const ResetPasswordSchema = passwordsMatch(
  z.object({
    token: z
      .string({ error: AuthMessages.resetLinkInvalid })
      .regex(/^[A-Za-z0-9_-]{16,128}$/, AuthMessages.resetLinkInvalid),
    password: PasswordSchema,
    confirmPassword: ConfirmPasswordSchema,
  }),
);
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

export const GoogleSignInSchema = z.object({
  /** The id_token Google put in the callback URL's fragment. */
  idToken: z.string().min(1).max(8192),
  /** The nonce the browser generated for this sign-in and kept in session storage. */
  nonce: z.string().min(16).max(256),
  ianaZone: IanaZoneSchema.optional(),
});
export type GoogleSignIn = z.infer<typeof GoogleSignInSchema>;

/** `POST v1/customers/google-link`: the signed-in customer links Google, with a token from the same redirect. */
export const GoogleLinkSchema = GoogleSignInSchema.pick({ idToken: true, nonce: true });
export type GoogleLink = z.infer<typeof GoogleLinkSchema>;

export const PersonTypeSchema = z.union([z.literal(PersonType.Customer), z.literal(PersonType.Internal)]);
export const LoginProviderSchema = z.union([z.literal(LoginProvider.Local), z.literal(LoginProvider.Google)]);
export const RoleNameSchema = z.enum(ROLE_NAMES, { error: `Role must be one of ${ROLE_NAMES.join(', ')}.` });
export const PermissionSchema = z.enum(ALL_PERMISSIONS);

/** What login, Google sign-in and token refresh answer: the user plus a fresh access token. */
export const LoggedInUserSchema = z.object({
  id: z.number().int(),
  emailAddress: z.string(),
  userName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  personType: PersonTypeSchema,
  loginProvider: LoginProviderSchema,
  /** Staff only; null for customers. */
  role: RoleNameSchema.nullable(),
  permissions: z.array(PermissionSchema),
  /** Access token for `Authorization: Bearer`; valid ACCESS_TOKEN_TTL_SECONDS (see its exp claim). */
  token: z.string(),
});
export type LoggedInUser = z.infer<typeof LoggedInUserSchema>;

/** The access token's payload, for a client that decodes it (it cannot verify it). */
export const AccessTokenClaimsSchema = z.object({
  sub: z.string(),
  personType: PersonTypeSchema,
  role: RoleNameSchema.nullable(),
  permissions: z.array(PermissionSchema),
  /** The session (refresh-token family) the token belongs to. */
  sid: z.string(),
  iat: z.number().int(),
  exp: z.number().int(),
});

export const CustomerProfileSchema = z.object({
  id: z.number().int(),
  emailAddress: z.string(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  imageUrl: z.string().nullable(),
  ianaZone: z.string().nullable(),
  personType: z.literal(PersonType.Customer),
  loginProvider: LoginProviderSchema,
  emailConfirmed: z.boolean(),
  /** False for an account that only signs in with Google: it has no password to change or confirm with. */
  hasPassword: z.boolean(),
  /** True once the account signs in with Google too (by Google sign-in, or linked on /account). */
  googleLinked: z.boolean(),
  /** The language of the customer's e-mails. */
  preferredLanguage: PreferredLanguageSchema,
  /** ISO 8601 */
  createdAt: z.string(),
});
export type CustomerProfile = z.infer<typeof CustomerProfileSchema>;

export const StaffMemberSchema = z.object({
  id: z.number().int(),
  emailAddress: z.string(),
  userName: z.string(),
  /** Staff register without names (spec section 5) and may add them on their profile. */
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  role: RoleNameSchema,
  permissions: z.array(PermissionSchema),
  emailConfirmed: z.boolean(),
  /** ISO 8601 */
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffPageSchema = pageOf(StaffMemberSchema);
export type StaffPage = z.infer<typeof StaffPageSchema>;

/** `GET v1/users`: newest first; `role` narrows to one role (e.g. "New User" to approve). */
export const StaffQuerySchema = PageQuerySchema.extend({ role: RoleNameSchema.optional() });
export type StaffQuery = z.infer<typeof StaffQuerySchema>;

export const ChangeRoleSchema = z.object({ role: RoleNameSchema });

export const AccountIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const ConfirmedEmailSchema = z.object({ emailAddress: z.string() });
/**
 * `POST …/confirm-email/{id}`: the confirmed address. `alreadyConfirmed` when the link had been
 * used before (or a newer one was), so reopening the mail says "already confirmed", not "invalid".
 */
export const EmailConfirmationSchema = ConfirmedEmailSchema.extend({ alreadyConfirmed: z.boolean() });
export type EmailConfirmation = z.infer<typeof EmailConfirmationSchema>;
export const MessageSchema = z.object({ message: z.string() });

/** `GET v1/config`: what the storefront needs to know before it renders. */
export const PublicConfigSchema = z.object({
  /** OAuth client id for Google sign-in; null hides the 'Sign in with Google' button. */
  googleClientId: z.string().nullable(),
  /** Payments go to the built-in sandbox (no Stripe keys): every page shows the TEST MODE ribbon. */
  testMode: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
