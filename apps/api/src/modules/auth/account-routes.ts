import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthMessages,
  ConfirmEmailParamsSchema,
  ConfirmedEmailSchema,
  EmailAddressSchema,
  EmailConfirmationSchema,
  LoggedInUserSchema,
  LoginSchema,
  MessageSchema,
  ProblemType,
  ResetPasswordSchema,
} from '@bookshop/contracts/auth';
import type { PersonType } from '@bookshop/contracts/enums';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { HttpProblem } from '../../platform/errors.ts';
import { LOGIN_FAILURES_FROM_ANY_CLIENT, loginLockout } from '../../platform/login-lockout.ts';
import { emailAddressKey, RateLimits, rateLimit } from '../../platform/rate-limit.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import type { Account, AccountsService } from './accounts-service.ts';
import type { NewAccountInput } from './registration.ts';
import { readRefreshCookie, setRefreshCookie, type CookieOptions } from './session-cookie.ts';
import type { SessionsService } from './sessions-service.ts';

/** What every route that signs someone in or out needs; app.ts passes them from createAuthServices. */
export type AuthRouteServices = { accounts: AccountsService; sessions: SessionsService; cookies: CookieOptions };

export type AccountRoutesOptions = AuthRouteServices & {
  personType: PersonType;
  tags: string[];
  /** Registration's form and answer differ per person type; its rate-limit counters are named `<limitName>:register`. */
  registration: {
    summary: string;
    body: z.ZodType<Omit<NewAccountInput, 'personType'>>;
    response: z.ZodType;
    toResponse: (account: Account) => unknown;
    limitName: string;
  };
};

/**
 * Signs `account` in on this browser and answers the logged-in user: the browser's previous
 * session, if any, is replaced rather than left running.
 */
export async function logIn(
  { accounts, sessions, cookies }: AuthRouteServices,
  request: FastifyRequest,
  reply: FastifyReply,
  account: Account,
) {
  const previous = readRefreshCookie(request);
  if (previous) await sessions.end(previous);
  const session = await sessions.start(account);
  setRefreshCookie(reply, session.refreshToken, session.refreshExpiresAt, cookies);
  return accounts.toLoggedInUser(account, session.accessToken);
}

const problems = { 400: ProblemSchema, 429: ProblemSchema };

/**
 * The endpoints customers and staff share, under their own prefix (`/v1/customers` or
 * `/v1/users`): register, check-email, confirm-email/{id}, resend-confirmation, login,
 * forgot-password, reset-password. Registration's form and answer come from each module.
 */
export const accountRoutes: FastifyPluginCallbackZod<AccountRoutesOptions> = (app, options, done) => {
  const { personType, tags, accounts, registration } = options;
  const limit = (name: keyof typeof RateLimits) =>
    rateLimit(app, `${personType}:${name}`, RateLimits[name], emailAddressKey);
  // Login counts every attempt per IP, and only failed ones per account (docs/decisions/023).
  const loginPerIp = rateLimit(app, `${personType}:login`, { perIp: RateLimits.login.perIp });
  const lockout = loginLockout(
    app,
    `${personType}:login`,
    { perAccount: RateLimits.login.perAccount, anyClientMax: LOGIN_FAILURES_FROM_ANY_CLIENT },
    emailAddressKey,
  );

  app.post(
    '/register',
    {
      schema: {
        tags,
        summary: registration.summary,
        body: registration.body,
        response: { 201: registration.response, 400: ProblemSchema, 409: ProblemSchema, 429: ProblemSchema },
      },
      preHandler: [rateLimit(app, `${registration.limitName}:register`, RateLimits.register, emailAddressKey)],
    },
    async (request, reply) => {
      // A customer who names no language gets the request's (decision 094); staff read English.
      const preferredLanguage = request.body.preferredLanguage ?? requestLanguage(request);
      const account = await accounts.register({ personType, ...request.body, preferredLanguage });
      return reply.status(201).send(registration.toResponse(account));
    },
  );

  app.post(
    '/check-email',
    {
      schema: {
        tags,
        summary: 'Whether an e-mail address is already registered (the register form asks on blur)',
        body: EmailAddressSchema,
        response: { 200: z.boolean(), ...problems },
      },
      preHandler: [limit('checkEmail')],
    },
    (request) => accounts.isEmailRegistered(personType, request.body.emailAddress),
  );

  app.post(
    '/confirm-email/:id',
    {
      schema: {
        tags,
        summary: 'Confirms the e-mail address with the single-use id from the confirmation mail (valid 24 h)',
        description:
          'A link of an account that is already confirmed (reopened, used or expired) answers 200 with alreadyConfirmed true.',
        params: ConfirmEmailParamsSchema,
        response: { 200: EmailConfirmationSchema, ...problems },
      },
      preHandler: [limit('useLink')],
    },
    async (request) => {
      const { account, alreadyConfirmed } = await accounts.confirmEmail(personType, request.params.id);
      return { emailAddress: account.emailAddress, alreadyConfirmed };
    },
  );

  app.post(
    '/resend-confirmation',
    {
      schema: {
        tags,
        summary: 'Mails a new confirmation link to an unconfirmed account; same answer for any address',
        body: EmailAddressSchema,
        response: { 202: MessageSchema, ...problems },
      },
      preHandler: [limit('resendConfirmation')],
    },
    async (request, reply) => {
      await accounts.resendConfirmation(personType, request.body.emailAddress);
      return reply.status(202).send({ message: AuthMessages.confirmationSent });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Logs in: the user with an access token, and the refresh cookie',
        description:
          'Wrong e-mail or password: 400 (type invalid-credentials, one message for both). Correct but unconfirmed: 400 (type email-not-confirmed). ' +
          '429 once an account has had 10 failed logins in 15 minutes, for the clients that failed on it (docs/decisions/023).',
        body: LoginSchema,
        response: { 200: LoggedInUserSchema, ...problems },
      },
      preHandler: [loginPerIp, (request, reply) => lockout.guard(request, reply)],
    },
    async (request, reply) => {
      const account = await accounts
        .checkCredentials(personType, request.body.emailAddress, request.body.password)
        .catch(async (error: unknown) => {
          if (error instanceof HttpProblem && error.type === ProblemType.invalidCredentials)
            await lockout.failed(request);
          throw error;
        });
      await lockout.succeeded(request);
      return logIn(options, request, reply, account);
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags,
        summary:
          'Mails a password reset link (single use, 30 min) when the address is registered; same answer either way',
        body: EmailAddressSchema,
        response: { 202: MessageSchema, ...problems },
      },
      preHandler: [limit('forgotPassword')],
    },
    async (request, reply) => {
      await accounts.requestPasswordReset(personType, request.body.emailAddress);
      return reply.status(202).send({ message: AuthMessages.resetSent });
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags,
        summary: 'Sets a new password with the token from the reset mail; ends every session of the account',
        body: ResetPasswordSchema,
        response: { 200: ConfirmedEmailSchema, ...problems },
      },
      preHandler: [limit('useLink')],
    },
    async (request) => {
      const account = await accounts.resetPassword(personType, request.body.token, request.body.password);
      return { emailAddress: account.emailAddress };
    },
  );
  done();
};
