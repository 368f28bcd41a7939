import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoggedInUserSchema, PublicConfigSchema } from '@bookshop/contracts/auth';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { SecurityScheme } from '../../platform/docs.ts';
import type { AccountsService } from './accounts-service.ts';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie, type CookieOptions } from './session-cookie.ts';
import { sessionEnded, type SessionsService } from './sessions-service.ts';

export type SessionRoutesOptions = {
  accounts: AccountsService;
  sessions: SessionsService;
  cookies: CookieOptions;
  googleClientId?: string;
  /** Payments go to the TEST MODE sandbox. */
  testMode: boolean;
};

/** Session endpoints shared by customers and staff, and the storefront's public configuration. */
export const sessionRoutes: FastifyPluginCallbackZod<SessionRoutesOptions> = (app, options, done) => {
  const { accounts, sessions, cookies, googleClientId, testMode } = options;

  app.post(
    '/v1/users/app-rt',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Rotates the refresh cookie and answers the logged-in user with a new access token',
        description:
          'Send with credentials (the httpOnly cookie). 401 when there is no session, it expired or ended, or a rotated token was presented again (which ends the session).',
        response: { 200: LoggedInUserSchema, 401: ProblemSchema },
        security: [{ [SecurityScheme.refreshCookie]: [] }],
      },
    },
    async (request, reply) => {
      const token = readRefreshCookie(request);
      if (!token) {
        // A marker left without its refresh cookie would have the storefront ask again on every load.
        clearRefreshCookie(reply, cookies);
        throw sessionEnded();
      }
      try {
        const result = await sessions.refresh(token);
        if (result.kind === 'rotated') setRefreshCookie(reply, result.refreshToken, result.refreshExpiresAt, cookies);
        return accounts.toLoggedInUser(result.account, result.accessToken);
      } catch (error) {
        clearRefreshCookie(reply, cookies);
        throw error;
      }
    },
  );

  app.post(
    '/v1/users/logout',
    {
      schema: {
        tags: ['sessions'],
        summary: "Ends this browser's session and clears its refresh cookie; always 204",
        response: { 204: z.null() },
        // Without the cookie there is no session to end, and the answer is the same.
        security: [{ [SecurityScheme.refreshCookie]: [] }, {}],
      },
    },
    async (request, reply) => {
      const token = readRefreshCookie(request);
      if (token) await sessions.end(token);
      clearRefreshCookie(reply, cookies);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/v1/config',
    {
      schema: {
        tags: ['sessions'],
        summary:
          'Public settings the storefront needs before it renders (whether Google sign-in is on, whether payments are in TEST MODE)',
        response: { 200: PublicConfigSchema, 500: ProblemSchema },
      },
    },
    () => ({ googleClientId: googleClientId ?? null, testMode }),
  );
  done();
};
