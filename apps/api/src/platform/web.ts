import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isServerRendered, pageOf, pageSegments } from '@bookshop/contracts/routes';
import { RequestMessages, sendProblem } from './errors.ts';
import { startCdnPurges } from './cdn-purge.ts';
import { PUBLIC_SHARED } from './cache-control.ts';
import { PageCache, type PageOutcome } from './page-cache.ts';
import { prepareAnswerLazily, sendPrepared } from './prepared-answer.ts';
import { loadServerRenderer, type PageRender } from './server-render.ts';
import { IMAGES_URL_PREFIX } from './storage.ts';
import { API_PREFIX } from './api-prefix.ts';

const YEAR_SECONDS = 31_536_000;
/** Where the build puts its hashed files; a name there the build does not hold is a 404 problem, not a page. */
const ASSETS_PREFIX = '/assets/';

/** The built storefront's index.html, read once at start; undefined without a build. */
export function readPageTemplate(distDir: string | undefined): Buffer | undefined {
  const indexFile = distDir && path.join(distDir, 'index.html');
  return indexFile && existsSync(indexFile) ? readFileSync(indexFile) : undefined;
}

export type WebOptions = {
  distDir?: string;
  /** The build's index.html (readPageTemplate): every page is it, with the rendered page inside. */
  pageTemplate?: Buffer;
  /** The disk image store's folder, served at /images/; absent when images live elsewhere (S3). */
  imagesDir?: string;
  /**
   * Whether what a known page names exists (a book, genre or author); false answers the page
   * with 404. Asked for every page served, so it must be cheap.
   */
  pageExists?: (segments: readonly string[]) => Promise<boolean>;
  /** The shop's public address: canonical and Open Graph URLs of server-rendered pages use it. */
  publicUrl?: string;
  /**
   * How many catalogue changes this instance has heard (CatalogueService.changeCount): the
   * rendered pages are kept until it moves (decision 102). Absent: pages are rendered every time.
   */
  catalogueChanges?: () => number;
  /**
   * How many of those changes every instance heard (CatalogueService.sharedChangeCount): staff
   * edits, prices, ratings, not stock a checkout moved, which a CDN learns within s-maxage.
   */
  sharedCatalogueChanges?: () => number;
  /** Told `{ paths }` after shared catalogue changes, so a CDN forgets the pages (CDN_PURGE_URL, decision 102). */
  cdnPurgeUrl?: string;
};

type NotAPage = Exclude<PageRender, { kind: 'page' }> | undefined;

/**
 * Serves the built storefront: hashed assets cached for a year, index.html never cached, and
 * every other GET answered with a page — status 200 for a known page, 404 for anything else. The
 * public pages are rendered on the server when the build has its renderer (decision 053), the
 * rest (and any page whose rendering fails) are index.html, rendered in the browser.
 * Assets go out as the build's brotli or gzip twin (.br/.gz, see apps/web/vite.config.ts) when
 * the client accepts it. Source maps and dot-files (the build manifest) are never served.
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions) {
  if (options.cdnPurgeUrl && options.sharedCatalogueChanges) {
    const purges = startCdnPurges({ url: options.cdnPurgeUrl, changes: options.sharedCatalogueChanges, log: app.log });
    app.addHook('onClose', () => purges.stop());
  }

  if (options.imagesDir)
    await app.register(fastifyStatic, {
      root: options.imagesDir,
      prefix: IMAGES_URL_PREFIX,
      decorateReply: false,
      immutable: true,
      maxAge: YEAR_SECONDS * 1000,
    });

  const { pageTemplate } = options;
  if (options.distDir && pageTemplate) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      index: false,
      // One route per file the build holds, found once now: a page's URL, a directory ("/",
      // "/assets/") or a name the build lacks goes straight to the not-found handler below, without
      // the file-system lookups (readdir, stat of .br/.gz/plain) a wildcard route makes for every
      // request — which cost a kept page most of its time (decision 104).
      wildcard: false,
      // The compressed twins are found beside the file they compress, not served as files of their own.
      // Source maps would publish our sources; production builds make none, and any left over stay private.
      globIgnore: ['**/*.br', '**/*.gz', '**/*.map'],
      preCompressed: true,
      dotfiles: 'ignore',
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache',
        );
      },
    });
  }

  const renderer =
    options.distDir && pageTemplate
      ? await loadServerRenderer(app, {
          distDir: options.distDir,
          indexHtml: pageTemplate.toString('utf8'),
          publicUrl: options.publicUrl ?? 'http://localhost',
        })
      : undefined;

  // Public pages are the same for every visitor: rendered once, kept and sent compressed (decision 102).
  const pages =
    renderer && options.catalogueChanges
      ? new PageCache<NotAPage>({
          render: async (url): Promise<PageOutcome<NotAPage>> => {
            // Not stopped when a visitor leaves: others may be waiting for it, and it is kept.
            const rendered = await renderPage(url);
            if (rendered?.kind !== 'page') return { kind: 'other', other: rendered };
            const chunks: Buffer[] = [];
            for await (const chunk of rendered.stream) chunks.push(Buffer.from(chunk as string | Buffer));
            return { kind: 'page', answer: prepareAnswerLazily(Buffer.concat(chunks), 'text/html; charset=utf-8') };
          },
          generation: options.catalogueChanges,
          onBackgroundError: (error, url) => app.log.error({ err: error, url }, 'Rendering a kept page again failed'),
        })
      : undefined;

  // The page renders either way; if the lookup fails, the app shows its own state and the status stays 200.
  const pageExists = async (segments: readonly string[]) => {
    try {
      return (await options.pageExists?.(segments)) ?? true;
    } catch (error) {
      app.log.warn({ err: error, segments }, 'Could not tell whether the page exists');
      return true;
    }
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const notAPage = [`${API_PREFIX}/`, IMAGES_URL_PREFIX, ASSETS_PREFIX].some((prefix) => pathname.startsWith(prefix));
    if (notAPage || !isPage || !pageTemplate) {
      return sendProblem(reply, {
        title: 'Not Found',
        status: 404,
        // Never the path itself: a problem quotes nothing the client sent.
        detail: RequestMessages.notFound,
      });
    }
    // An Arabic page (/ar/...) is its English page's route under /ar (decision 089).
    const { segments: page, known } = pageOf(pageSegments(pathname));
    const found = known && (await pageExists(page));
    reply
      .status(found ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    if (renderer && request.method === 'GET' && isServerRendered(page)) {
      // Only a page that exists is kept: made-up titles (404) would push real pages out.
      const outcome = found && pages ? await pages.get(request.url) : undefined;
      if (outcome?.kind === 'page')
        return sendPrepared(request, reply, outcome.answer, { cacheControl: PUBLIC_SHARED });
      const rendered = outcome ? outcome.other : await renderPage(request.url, reply.raw);
      if (rendered?.kind === 'redirect') return reply.redirect(rendered.location, rendered.status);
      if (rendered?.kind === 'page') return reply.send(rendered.stream);
    }
    return reply.send(pageTemplate);
  });

  /** The page rendered on the server, or undefined to fall back to rendering it in the browser. */
  async function renderPage(url: string, response?: ServerResponse) {
    // A visitor who leaves before the page is sent stops its rendering.
    const abort = new AbortController();
    response?.once('close', () => {
      if (!response.writableFinished) abort.abort();
    });
    try {
      return await renderer!(url, abort.signal);
    } catch (error) {
      app.log.error({ err: error, url }, 'Server rendering failed; the page renders in the browser');
      return undefined;
    }
  }
}
