import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteAccountSchema, UpdateCustomerSchema } from '@bookshop/contracts/account';
import {
  CustomerProfileSchema,
  CustomerRegisterSchema,
  GoogleLinkSchema,
  GoogleSignInSchema,
  LoggedInUserSchema,
} from '@bookshop/contracts/auth';
import { PersonType } from '@bookshop/contracts/enums';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { requireCustomer, userOf } from '../../platform/auth.ts';
import { RateLimits, rateLimit } from '../../platform/rate-limit.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { accountRoutes, logIn, type AuthRouteServices } from '../auth/account-routes.ts';
import { clearRefreshCookie } from '../auth/session-cookie.ts';
import { AccountChangeLimits, accountKey, profileFormSchema, profileRoutes } from './profile-routes.ts';
import { toCustomerProfile, type CustomerAccountService } from './service.ts';

const tags = ['customers'];

export type CustomerRoutesOptions = AuthRouteServices & { customerAccount: CustomerAccountService };

/** Customer accounts under /v1/customers (spec section 7, "Authentication" and "Customer account"). */
export const customerRoutes: FastifyPluginAsyncZod<CustomerRoutesOptions> = async (app, options) => {
  const { accounts, sessions, cookies, customerAccount } = options;
  // Shares the counters of PATCH v1/customers: deleting checks the password too.
  const checkPasswordLimit = rateLimit(app, 'customer:checkPassword', AccountChangeLimits.checkPassword, accountKey);

  await app.register(accountRoutes, {
    prefix: '/v1/customers',
    personType: PersonType.Customer,
    tags,
    accounts,
    sessions,
    cookies,
    registration: {
      summary: 'Registers a customer and mails a confirmation link; login works once the address is confirmed',
      body: CustomerRegisterSchema,
      response: CustomerProfileSchema,
      toResponse: toCustomerProfile,
      limitName: 'customer',
    },
  });

  app.post(
    '/v1/customers/google-signin',
    {
      schema: {
        tags,
        summary: 'Signs in (or up) with a Google id token; answers like login. 404 when Google sign-in is not enabled',
        description:
          "An unconfirmed local account with the token's e-mail address is taken over for the Google identity (its password, mailed links and sessions end). " +
          'A confirmed one is refused with 409 (type google-account-exists): its owner logs in and links Google with `POST v1/customers/google-link` (docs/decisions/055).',
        body: GoogleSignInSchema,
        response: {
          200: LoggedInUserSchema,
          400: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          429: ProblemSchema,
          503: ProblemSchema,
        },
      },
      preHandler: [rateLimit(app, 'customer:google-signin', RateLimits.googleSignIn)],
    },
    async (request, reply) => {
      const { idToken, nonce, ianaZone } = request.body;
      const newCustomer = { ianaZone, preferredLanguage: requestLanguage(request) };
      return logIn(options, request, reply, await accounts.signInWithGoogle(idToken, nonce, newCustomer));
    },
  );

  app.post(
    '/v1/customers/google-link',
    {
      schema: {
        tags,
        summary: "Links Google sign-in to the signed-in customer's account with a Google id token; answers the profile",
        description:
          "The token is checked as sign-in checks it. 409 (type google-link-refused) when the Google account's e-mail address is not the account's, " +
          'or the Google account is linked to another account. Linking the same Google account again changes nothing. 404 when Google sign-in is not enabled.',
        body: GoogleLinkSchema,
        response: {
          200: CustomerProfileSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          404: ProblemSchema,
          409: ProblemSchema,
          429: ProblemSchema,
          503: ProblemSchema,
        },
      },
      onRequest: [requireCustomer],
      preHandler: [rateLimit(app, 'customer:google-link', RateLimits.googleSignIn)],
    },
    async (request) =>
      toCustomerProfile(await accounts.linkGoogle(userOf(request).id, request.body.idToken, request.body.nonce)),
  );

  app.get(
    '/v1/customers',
    {
      schema: {
        tags,
        summary: "The signed-in customer's profile",
        response: { 200: CustomerProfileSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema },
      },
      onRequest: [requireCustomer],
    },
    (request) => customerAccount.getProfile(userOf(request).id),
  );

  await app.register(profileRoutes, {
    path: '/v1/customers',
    guard: requireCustomer,
    limitName: 'customer',
    tags,
    form: profileFormSchema(UpdateCustomerSchema),
    profile: CustomerProfileSchema,
    profiles: customerAccount,
    summaries: {
      update: "Saves the signed-in customer's profile: names, user name, time zone and avatar",
      changePassword: "Changes the signed-in customer's password; every other session of the account ends",
    },
    updateNote: '`type` is accepted and ignored.',
  });

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
        response: { 204: z.null(), 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 429: ProblemSchema },
      },
      onRequest: [requireCustomer],
      preHandler: [checkPasswordLimit],
    },
    async (request, reply) => {
      await customerAccount.deleteAccount(userOf(request).id, request.body);
      clearRefreshCookie(reply, cookies);
      return reply.status(204).send(null);
    },
  );
};
