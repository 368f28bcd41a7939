import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountMessages,
  AVATAR_MAX_BYTES,
  ChangePasswordSchema,
  DeleteAccountSchema,
  PROFILE_IMAGE_FIELD,
  UpdateCustomerSchema,
} from '@bookshop/contracts/account';
import {
  CustomerProfileSchema,
  CustomerRegisterSchema,
  GoogleSignInSchema,
  LoggedInUserSchema,
  MessageSchema,
} from '@bookshop/contracts/auth';
import { PersonType } from '@bookshop/contracts/enums';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { requireCustomer, userOf } from '../../platform/auth.ts';
import { multipartForm, singleFileSchema } from '../../platform/uploads.ts';
import { emailAddressKey, RateLimits, rateLimit, type Budget } from '../../platform/rate-limit.ts';
import type { AccountsService } from '../auth/accounts-service.ts';
import { accountRoutes } from '../auth/account-routes.ts';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie, type CookieOptions } from '../auth/session-cookie.ts';
import type { SessionsService } from '../auth/sessions-service.ts';
import { toCustomerProfile, type CustomerAccountService } from './service.ts';

const tags = ['customers'];

export type CustomerRoutesOptions = {
  accounts: AccountsService;
  sessions: SessionsService;
  cookies: CookieOptions;
  customerAccount: CustomerAccountService;
};

/**
 * Limits of the /account changes, per signed-in customer: the password checks slow down someone
 * guessing with a stolen access token; image processing is the costly part of a profile save.
 */
const AccountChangeLimits = {
  checkPassword: { perIp: { max: 30, windowSeconds: 60 }, perAccount: { max: 10, windowSeconds: 15 * 60 } },
  updateProfile: { perIp: { max: 60, windowSeconds: 60 }, perAccount: { max: 30, windowSeconds: 10 * 60 } },
} as const satisfies Record<string, { perIp: Budget; perAccount: Budget }>;
const customerKey = (request: FastifyRequest) => (request.user ? String(request.user.id) : undefined);

/** The form of PUT v1/customers: its text fields, plus the picture read from the `image` part. */
const UpdateCustomerFormSchema = UpdateCustomerSchema.extend({
  [PROFILE_IMAGE_FIELD]: singleFileSchema(
    'png, jpeg, gif or webp (checked by content), at most 5 MB',
    AccountMessages.imageType,
  ).optional(),
});

/** Reads the profile form (multipart/form-data): its text fields and at most one picture. */
export const readProfileForm = multipartForm({
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

/** Customer accounts under /v1/customers (spec section 7, "Authentication" and "Customer account"). */
export const customerRoutes: FastifyPluginAsyncZod<CustomerRoutesOptions> = async (app, options) => {
  const { accounts, sessions, cookies, customerAccount } = options;
  const limit = (name: keyof typeof AccountChangeLimits) =>
    rateLimit(app, `customer:${name}`, AccountChangeLimits[name], customerKey);

  app.post(
    '/v1/customers/register',
    {
      schema: {
        tags,
        summary: 'Registers a customer and mails a confirmation link; login works once the address is confirmed',
        body: CustomerRegisterSchema,
        response: { 201: CustomerProfileSchema, 400: ProblemSchema, 409: ProblemSchema, 429: ProblemSchema },
      },
      preHandler: [rateLimit(app, 'customer:register', RateLimits.register, emailAddressKey)],
    },
    async (request, reply) => {
      const account = await accounts.register({ personType: PersonType.Customer, ...request.body });
      return reply.status(201).send(toCustomerProfile(account));
    },
  );

  await app.register(accountRoutes, {
    prefix: '/v1/customers',
    personType: PersonType.Customer,
    tags,
    accounts,
    sessions,
    cookies,
  });

  app.post(
    '/v1/customers/google-signin',
    {
      schema: {
        tags,
        summary: 'Signs in (or up) with a Google id token; answers like login. 404 when Google sign-in is not enabled',
        body: GoogleSignInSchema,
        response: {
          200: LoggedInUserSchema,
          400: ProblemSchema,
          404: ProblemSchema,
          429: ProblemSchema,
          503: ProblemSchema,
        },
      },
      preHandler: [rateLimit(app, 'customer:google-signin', RateLimits.googleSignIn)],
    },
    async (request, reply) => {
      const { idToken, nonce, ianaZone } = request.body;
      const account = await accounts.signInWithGoogle(idToken, nonce, ianaZone);
      const previous = readRefreshCookie(request);
      if (previous) await sessions.end(previous);
      const session = await sessions.start(account);
      setRefreshCookie(reply, session.refreshToken, session.refreshExpiresAt, cookies);
      return accounts.toLoggedInUser(account, session.accessToken);
    },
  );

  app.get(
    '/v1/customers',
    {
      schema: {
        tags,
        summary: "The signed-in customer's profile",
        response: { 200: CustomerProfileSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema },
      },
      preHandler: [requireCustomer],
    },
    (request) => customerAccount.getProfile(userOf(request).id),
  );

  const accountProblems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 429: ProblemSchema };

  app.put(
    '/v1/customers',
    {
      schema: {
        tags,
        summary: "Saves the signed-in customer's profile: names, user name, time zone and avatar",
        description:
          'multipart/form-data (or JSON without an image). A new `image` replaces the avatar; `removeImage=true` drops it. ' +
          '`type` is accepted and ignored. 409 when the user name is taken; 413 when the image is over 5 MB.',
        consumes: ['multipart/form-data', 'application/json'],
        body: UpdateCustomerFormSchema,
        response: { 200: CustomerProfileSchema, ...accountProblems, 409: ProblemSchema, 413: ProblemSchema },
      },
      // Before validation, so the form is read only for a signed-in customer within the limits.
      preValidation: [requireCustomer, limit('updateProfile'), readProfileForm],
    },
    (request) => {
      const { image, ...fields } = request.body;
      return customerAccount.updateProfile(userOf(request).id, fields, image);
    },
  );

  app.patch(
    '/v1/customers',
    {
      schema: {
        tags,
        summary: "Changes the signed-in customer's password; every other session of the account ends",
        description:
          'A wrong current password is a 400 naming currentPassword. An account without a password (Google-only) ' +
          'gets a 400 telling it to set one through forgot-password.',
        body: ChangePasswordSchema,
        response: { 200: MessageSchema, ...accountProblems },
      },
      preHandler: [requireCustomer, limit('checkPassword')],
    },
    async (request) => {
      const user = userOf(request);
      await customerAccount.changePassword(user.id, user.sessionId, request.body);
      return { message: AccountMessages.passwordChanged };
    },
  );

  app.delete(
    '/v1/customers/account',
    {
      schema: {
        tags,
        summary: "Deletes the signed-in customer's account and personal data; ends every session",
        description:
          'Confirm with `password`, or with `confirm: "DELETE"` for an account without a password (Google-only). ' +
          'Cart, wishlist, addresses and avatar are removed; the account row is kept anonymised for orders. 204.',
        // No body at all reads as an empty one, so the answer names the missing field.
        body: z.preprocess((body) => body ?? {}, DeleteAccountSchema),
        response: { 204: z.null(), ...accountProblems },
      },
      preHandler: [requireCustomer, limit('checkPassword')],
    },
    async (request, reply) => {
      await customerAccount.deleteAccount(userOf(request).id, request.body);
      clearRefreshCookie(reply, cookies);
      return reply.status(204).send(null);
    },
  );
};
