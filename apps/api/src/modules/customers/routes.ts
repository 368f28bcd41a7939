import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CustomerProfileSchema,
  CustomerRegisterSchema,
  GoogleSignInSchema,
  LoggedInUserSchema,
} from '@bookshop/contracts/auth';
import { PersonType } from '@bookshop/contracts/enums';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { requireCustomer, userOf } from '../../platform/auth.ts';
import { emailAddressKey, RateLimits, rateLimit } from '../../platform/rate-limit.ts';
import type { AccountsService } from '../auth/accounts-service.ts';
import { accountRoutes } from '../auth/account-routes.ts';
import { readRefreshCookie, setRefreshCookie, type CookieOptions } from '../auth/session-cookie.ts';
import type { SessionsService } from '../auth/sessions-service.ts';

const tags = ['customers'];

export type CustomerRoutesOptions = {
  accounts: AccountsService;
  sessions: SessionsService;
  cookies: CookieOptions;
};

/** Customer accounts under /v1/customers (spec section 7, "Authentication"). */
export const customerRoutes: FastifyPluginAsyncZod<CustomerRoutesOptions> = async (app, options) => {
  const { accounts, sessions, cookies } = options;

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
      return reply.status(201).send(accounts.toCustomerProfile(account));
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
    (request) => accounts.getCustomerProfile(userOf(request).id),
  );
};
