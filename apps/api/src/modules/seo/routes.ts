import type { FastifyPluginCallback } from 'fastify';
import type { SeoService } from './service.ts';

/**
 * Crawlers fetch these often; an hour keeps the load low, and a hidden book leaves the sitemap
 * at the next fetch after that (the server rebuilds on every catalogue change).
 */
const SEO_CACHE_CONTROL = 'public, max-age=3600';

/**
 * `GET /robots.txt`, `GET /sitemap.xml` and `GET /sitemap-{n}.xml`: files for crawlers at the
 * site's root, registered before the storefront's fallback (platform/web.ts) and outside the
 * API document.
 */
export const seoRoutes: FastifyPluginCallback<{ seo: SeoService }> = (app, { seo }, done) => {
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', SEO_CACHE_CONTROL).type('text/plain; charset=utf-8').send(seo.robots()),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', SEO_CACHE_CONTROL)
      .type('application/xml; charset=utf-8')
      .send(await seo.sitemap()),
  );

  app.get<{ Params: { n: string } }>('/sitemap-:n.xml', { schema: { hide: true } }, async (request, reply) => {
    const { n } = request.params;
    const part = /^[1-9]\d{0,5}$/.test(n) ? await seo.sitemapPart(Number(n)) : undefined;
    if (part === undefined) return reply.callNotFound();
    return reply.header('cache-control', SEO_CACHE_CONTROL).type('application/xml; charset=utf-8').send(part);
  });
  done();
};
