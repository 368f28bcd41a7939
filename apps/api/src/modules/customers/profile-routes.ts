import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  AccountMessages,
  AVATAR_MAX_BYTES,
  ChangePasswordSchema,
  PROFILE_IMAGE_FIELD,
  type UpdateCustomer,
  type UpdateStaff,
} from '@bookshop/contracts/account';
import { MessageSchema } from '@bookshop/contracts/auth';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { userOf } from '../../platform/auth.ts';
import { rateLimit, type Budget } from '../../platform/rate-limit.ts';
import { multipartForm, singleFileSchema } from '../../platform/uploads.ts';
import type { ProfileService } from './service.ts';

/**
 * Limits of the account holder's own changes, per signed-in account: the password checks slow
 * down someone guessing with a stolen access token; image processing is the costly part of a
 * profile save.
 */
export const AccountChangeLimits = {
  checkPassword: { perIp: { max: 30, windowSeconds: 60 }, perAccount: { max: 10, windowSeconds: 15 * 60 } },
  updateProfile: { perIp: { max: 60, windowSeconds: 60 }, perAccount: { max: 30, windowSeconds: 10 * 60 } },
} as const satisfies Record<string, { perIp: Budget; perAccount: Budget }>;

/** The signed-in account's counter of a per-account budget. */
export const accountKey = (request: FastifyRequest) => (request.user ? String(request.user.id) : undefined);

/** Reads the profile form (multipart/form-data): its text fields and at most one picture. */
const readProfileForm = multipartForm({
  files: {
    [PROFILE_IMAGE_FIELD]: {
      maxFiles: 1,
      maxBytes: AVATAR_MAX_BYTES,
      tooLarge: AccountMessages.imageTooLarge,
      tooMany: AccountMessages.tooManyParts,
    },
  },
  malformed: AccountMessages.malformedForm,
  unexpectedFile: AccountMessages.unexpectedFile,
});

/** The profile form: the text fields of the person type's schema, plus the picture read from the `image` part. */
export const profileFormSchema = <Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape>) =>
  fields.extend({
    [PROFILE_IMAGE_FIELD]: singleFileSchema(
      'png, jpeg, gif or webp (checked by content), at most 5 MB',
      AccountMessages.imageType,
    ).optional(),
  });

/** What every profile form carries; the customer's adds the time zone, the language (and the ignored person type). */
type ProfileForm = UpdateStaff &
  Pick<UpdateCustomer, 'ianaZone' | 'preferredLanguage'> & { [PROFILE_IMAGE_FIELD]?: Buffer };

export type ProfileRoutesOptions = {
  /** `/v1/customers` or `/v1/users`: PUT saves the profile, PATCH changes the password. */
  path: string;
  /** Who may call: the account holder of the person type `profiles` serves. */
  guard: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Names the rate-limit counters (`customer:checkPassword`), shared with the module's other routes. */
  limitName: string;
  tags: string[];
  /** `profileFormSchema(UpdateCustomerSchema)` or `profileFormSchema(UpdateStaffSchema)`. */
  form: z.ZodType<ProfileForm>;
  /** What a saved profile answers (CustomerProfileSchema, StaffMemberSchema). */
  profile: z.ZodType;
  profiles: Pick<ProfileService<unknown>, 'updateProfile' | 'changePassword'>;
  summaries: { update: string; changePassword: string };
  /** Said in the docs of PUT besides the common rules. */
  updateNote?: string;
};

/**
 * The signed-in account holder's own profile (`PUT`, multipart with the avatar) and password
 * (`PATCH`), with the same rules, messages and limits for customers (`/v1/customers`,
 * docs/decisions/007) and staff (`/v1/users`, docs/decisions/036).
 */
export const profileRoutes: FastifyPluginCallbackZod<ProfileRoutesOptions> = (app, options, done) => {
  const { path, guard, limitName, tags, form, profile, profiles, summaries, updateNote } = options;
  const limit = (name: keyof typeof AccountChangeLimits) =>
    rateLimit(app, `${limitName}:${name}`, AccountChangeLimits[name], accountKey);
  const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 429: ProblemSchema };

  app.put(
    path,
    {
      schema: {
        tags,
        summary: summaries.update,
        description:
          'multipart/form-data (or JSON without an image). A new `image` replaces the avatar; `removeImage=true` drops it. ' +
          `${updateNote ? `${updateNote} ` : ''}409 when the user name is taken; 413 when the image is over 5 MB.`,
        consumes: ['multipart/form-data', 'application/json'],
        body: form,
        response: { 200: profile, ...problems, 409: ProblemSchema, 413: ProblemSchema },
      },
      onRequest: [guard],
      // Before validation, so the form is read only for a signed-in account holder within the limits.
      preValidation: [limit('updateProfile'), readProfileForm],
    },
    (request) => {
      const { [PROFILE_IMAGE_FIELD]: image, ...fields } = request.body;
      return profiles.updateProfile(userOf(request).id, fields, image);
    },
  );

  app.patch(
    path,
    {
      schema: {
        tags,
        summary: summaries.changePassword,
        description:
          'A wrong current password is a 400 naming currentPassword. An account without a password (Google-only) ' +
          'gets a 400 telling it to set one through forgot-password.',
        body: ChangePasswordSchema,
        response: { 200: MessageSchema, ...problems },
      },
      onRequest: [guard],
      preHandler: [limit('checkPassword')],
    },
    async (request) => {
      const user = userOf(request);
      await profiles.changePassword(user.id, user.sessionId, request.body);
      return { message: AccountMessages.passwordChanged };
    },
  );

  done();
};
