import type { FastifyPluginCallback } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  CreateShortLinkSchema,
  SHORT_LINK_ID_PATTERN,
  ShortLinkParamsSchema,
  ShortLinkSchema,
  ShortLinkTargetSchema,
} from '@bookshop/contracts/links';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { rateLimit } from '../../platform/rate-limit.ts';
import type { LinksService } from './service.ts';

const tags = ['links'];

/** Public, so a guest's Share button works; each new address is a row, so a script is slowed down. */
const SHORTEN_LIMITS = { perIp: { max: 30, windowSeconds: 60 } };

/**
 * A link's page never changes, so browsers and caches may keep the redirect; a day rather than
 * forever, should a page move.
 */
const REDIRECT_CACHE_CONTROL = 'public, max-age=86400';

export const linkRoutes: FastifyPluginCallbackZod<{ links: LinksService }> = (app, { links }, done) => {
  app.post(
    '/v1/link-shortner',
    {
      preHandler: [rateLimit(app, 'links:shorten', SHORTEN_LIMITS)],
      schema: {
        tags,
        summary: 'Shorten an address of this shop; the same address always gets the same id',
        body: CreateShortLinkSchema,
        response: { 200: ShortLinkSchema, 400: ProblemSchema, 429: ProblemSchema },
      },
    },
    (request) => links.shorten(request.body.originalUrl),
  );

  app.get(
    '/v1/link-shortner/:id',
    {
      schema: {
        tags,
        summary: 'The full address a short link leads to',
        params: ShortLinkParamsSchema,
        response: { 200: ShortLinkTargetSchema, 400: ProblemSchema, 404: ProblemSchema },
      },
    },
    async (request) => ({ originalUrl: await links.resolve(request.params.id) }),
  );
  done();
};

/**
 * `GET /s/{id}`: what a shared short link opens, a 301 to the page. Unknown or malformed ids
 * get the storefront's 404 page (the not-found handler in platform/web.ts), not an API problem:
 * a person followed it.
 */
export const shortLinkRedirectRoutes: FastifyPluginCallback<{ links: LinksService }> = (app, { links }, done) => {
  app.get<{ Params: { id: string } }>(
    '/s/:id',
    // A page for the browser, not part of the API document.
    { schema: { hide: true } },
    async (request, reply) => {
      const { id } = request.params;
      const target = SHORT_LINK_ID_PATTERN.test(id) ? await links.find(id) : undefined;
      if (target === undefined) return reply.callNotFound();
      return reply.header('cache-control', REDIRECT_CACHE_CONTROL).redirect(target, 301);
    },
  );
  done();
};
