import { existsSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/*
 * Serving the storefront's public pages rendered on the server (decision 053). The renderer is
 * the web app's own code, built by `vite build --ssr` into dist/.ssr/entry-server.js; this module
 * loads it, lets it reach the API in process, and wraps what it streams in the built index.html.
 */

type Rendered =
  | {
      kind: 'page';
      status: number;
      htmlAttributes: { lang: string; dir: string };
      head: string | undefined;
      preload: string;
      body: Readable;
      routerState: string;
      queryState: string;
    }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'client-only' };

/** What dist/.ssr/entry-server.js exports (apps/web/src/entry-server.tsx). */
type RendererModule = {
  configure(options: { api: (url: string, init: RequestInit) => Promise<Response> }): void;
  render(request: Request, options: { origin: string }): Promise<Rendered>;
  SSR_STATE_IDS: { router: string; query: string };
};

export type PageRender =
  { kind: 'page'; stream: Readable } | { kind: 'redirect'; status: number; location: string } | { kind: 'client-only' };

export type ServerRenderer = (url: string, signal: AbortSignal) => Promise<PageRender>;

/** The template's <html> start tag, which takes the page's language. */
const HTML_START = /<html(\s[^>]*)?>/;
const META_START = '<!--page-meta';
const META_END = '<!--/page-meta-->';
const ROOT = '<div id="root"></div>';
const BODY_END = '</body>';

/** The built index.html cut where the renderer's parts go. */
function templateParts(indexHtml: string) {
  const root = indexHtml.indexOf(ROOT);
  const bodyEnd = indexHtml.lastIndexOf(BODY_END);
  if (root < 0 || bodyEnd < root) throw new Error(`index.html has no ${ROOT} inside <body>`);
  const head = indexHtml.slice(0, root);
  const metaStart = head.indexOf(META_START);
  const metaEnd = head.indexOf(META_END);
  const hasMeta = metaStart >= 0 && metaEnd > metaStart;
  if (!HTML_START.test(head)) throw new Error('index.html has no <html> start tag');
  return {
    /** Up to the template's own title and description, which a page with its own replaces. */
    beforeMeta: hasMeta ? head.slice(0, metaStart) : head,
    defaultMeta: hasMeta ? head.slice(metaStart, metaEnd + META_END.length) : '',
    afterMeta: hasMeta ? head.slice(metaEnd + META_END.length) : '',
    afterRoot: indexHtml.slice(root + ROOT.length, bodyEnd),
    end: indexHtml.slice(bodyEnd),
  };
}

/** The renderer's API requests, answered by this server in process (no network, no second port). */
function inProcessFetch(app: FastifyInstance) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      payload: typeof init.body === 'string' ? init.body : undefined,
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(key, String(item));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers: responseHeaders });
  };
}

/**
 * Loads the server renderer from the storefront build, or answers undefined when the build has
 * none (an older build, or a build without SSR): pages are then rendered in the browser only.
 */
export async function loadServerRenderer(
  app: FastifyInstance,
  options: { distDir: string; indexHtml: string; publicUrl: string },
): Promise<ServerRenderer | undefined> {
  const entry = path.join(options.distDir, '.ssr', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  const renderer = (await import(pathToFileURL(entry).href)) as RendererModule;
  renderer.configure({ api: inProcessFetch(app) });
  const parts = templateParts(options.indexHtml);
  const stateScript = (id: string, json: string) => `<script type="application/json" id="${id}">${json}</script>`;

  return async (url, signal) => {
    const rendered = await renderer.render(new Request(new URL(url, options.publicUrl), { signal }), {
      origin: options.publicUrl,
    });
    if (rendered.kind !== 'page') return rendered;
    const stream = new PassThrough();
    // The page's language and direction (decision 089): an Arabic page is <html lang="ar" dir="rtl">.
    const { lang, dir } = rendered.htmlAttributes;
    const beforeMeta = parts.beforeMeta.replace(HTML_START, `<html lang="${lang}" dir="${dir}">`);
    stream.write(
      beforeMeta + (rendered.head ?? parts.defaultMeta) + rendered.preload + parts.afterMeta + '<div id="root">',
    );
    rendered.body.on('error', (error) => stream.destroy(error));
    rendered.body.on('end', () =>
      stream.end(
        '</div>' +
          stateScript(renderer.SSR_STATE_IDS.router, rendered.routerState) +
          stateScript(renderer.SSR_STATE_IDS.query, rendered.queryState) +
          parts.afterRoot +
          parts.end,
      ),
    );
    rendered.body.pipe(stream, { end: false });
    return { kind: 'page', stream };
  };
}
