import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import prefresh from '@prefresh/vite';
import { defineConfig, minifySync, transformWithOxc, type Plugin } from 'vite';
import { compiledCatalogs } from './i18n-catalogs.config.ts';
import { rendererAliases } from './renderer.config.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed twin saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) twin of every text file the build emits, at the
 * highest levels (done once per release, not per request), for the API server to hand out by
 * Accept-Encoding (@fastify/static `preCompressed`). A twin no smaller than its file is skipped.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  async function filesUnder(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(
      entries.map((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
      }),
    );
    return nested.flat();
  }
  return {
    name: 'bookshop:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      // The server renderer's bundle is read from disk by the API, never sent to browsers.
      if (ssr) return;
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return;
          const content = await readFile(file);
          const twins = [
            ['.br', await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
            ['.gz', await gzipAsync(content, { level: 9 })],
          ] as const;
          for (const [extension, compressed] of twins) {
            if (compressed.length < content.length) await writeFile(file + extension, compressed);
          }
        }),
      );
    },
  };
}

/**
 * Writes `.vite/chunk-modules.json`: for each emitted JavaScript chunk, the source modules inside
 * it (paths relative to this app). The manifest names only a chunk's own entry, so this is what
 * lets scripts/check-bundle-size.mjs see an admin module that slipped into the home route's
 * chunks (decision 034). Paths only, no sources.
 */
function chunkModules(): Plugin {
  let root = process.cwd();
  let ssr = false;
  return {
    name: 'bookshop:chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = output.moduleIds
          .filter((id) => !id.startsWith('\0'))
          .map((id) => path.relative(root, id.split('?')[0]!).split(path.sep).join('/'));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(chunks) });
    },
  };
}

/**
 * Public pages arrive rendered (decision 053): their first paint needs the HTML, the stylesheet
 * and the largest cover, not the scripts, which only make the painted page interactive. So the
 * built index.html does not fetch the scripts itself: it names them in a JSON block, and
 * src/boot.ts, compiled, minified and put inline (decision 111), loads them once the page has
 * loaded and been painted (at once for a page rendered in the browser). Inline it costs no request
 * and no task of its own before the first paint; the API allows it by its hash
 * (security-headers.ts). The dev server keeps Vite's own module script.
 */
function scriptsAfterLoad(): Plugin {
  const bootFile = path.join(import.meta.dirname, 'src', 'boot.ts');
  const compiledBoot = async () => {
    const { code } = await transformWithOxc(await readFile(bootFile, 'utf8'), bootFile, { lang: 'ts' });
    const minified = minifySync(bootFile, code, { compress: true, mangle: true });
    if (minified.errors.length) throw new Error(`src/boot.ts: ${minified.errors.map((e) => e.message).join('; ')}`);
    // Inside <script>, "</script" would end the element early.
    if (/<\/script/i.test(minified.code)) throw new Error('src/boot.ts must not contain "</script"');
    return minified.code.trim();
  };
  return {
    name: 'bookshop:scripts-after-load',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) throw new Error('index.html: the entry module script was not found');
        const preload = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        let out = html.replace(entry[0], '');
        for (const link of preload) out = out.replace(link[0], '');
        const scripts = JSON.stringify({ entry: entry[1], preload: preload.map((link) => link[1]) });
        const boot = await compiledBoot();
        return out.replace(
          '</body>',
          `<script type="application/json" id="app-scripts">${scripts}</script>\n<script>${boot}</script>\n</body>`,
        );
      },
    },
  };
}

/**
 * The shop's icon (public/favicon.svg, 228 bytes) goes into every built page as a data: URL
 * (decision 111). Browsers fetch a page's icon once it has loaded, which on a fast connection is
 * before the first paint; as a request of its own it then queued beside the stylesheet and the
 * covers on a slow one. The file stays served for pages outside the build (the sandbox checkout).
 */
function inlineFavicon(): Plugin {
  const iconFile = path.join(import.meta.dirname, 'public', 'favicon.svg');
  const LINK = '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />';
  return {
    name: 'bookshop:inline-favicon',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(LINK)) throw new Error(`index.html: ${LINK} was not found`);
        const svg = (await readFile(iconFile, 'utf8')).trim();
        // Percent-encoded where a URL needs it; the rest of the SVG stays readable.
        const dataUrl = `data:image/svg+xml,${svg.replace(/[#%<>"\n]/g, encodeURIComponent)}`;
        return html.replace(LINK, `<link rel="icon" type="image/svg+xml" href="${dataUrl}" />`);
      },
    },
  };
}

export default defineConfig(({ mode }) => ({
  resolve: { alias: rendererAliases({ production: mode === 'production' }) },
  // The server renderer is one file with its libraries inside, so that they too render with
  // Preact (an external React Router would import React itself).
  ssr: { noExternal: true },
  // JSX compiles to React's automatic runtime, which the aliases above hand to Preact. In the dev
  // server Prefresh, Preact's fast refresh, re-renders an edited component in place, keeping its
  // state; React's own refresh (@vitejs/plugin-react) does nothing under Preact, so an edit reached
  // the browser and was never drawn. Neither touches the build.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  // Prefresh's runtime hooks into Preact: pre-bundled with the app's libraries it shares their one
  // copy of Preact, where served from node_modules it would patch a second copy the page never uses.
  optimizeDeps: { include: ['@prefresh/core', '@prefresh/utils'] },
  plugins: [
    compiledCatalogs(),
    prefresh(),
    tailwindcss(),
    precompress(),
    chunkModules(),
    scriptsAfterLoad(),
    inlineFavicon(),
  ],
  server: {
    port: 5173,
    // Short links (/s/{id}) are answered by the API; a plain '/s' key would also catch /shipping.
    proxy: { '/api': apiTarget, '/images': apiTarget, '/sandbox': apiTarget, '^/s/': apiTarget },
  },
  // The manifest lets scripts/check-bundle-size.mjs find what the home route loads. No source
  // maps: the server would publish them, and with them the shop's sources.
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // React Router reads React.useOptimistic where React has it and falls back where it does
        // not, as under Preact; the bundler cannot know that the missing export is expected.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        // "use client" marks a module for React Server Components, which this app does not use:
        // bundled for the browser it means nothing.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
        warn(warning);
      },
    },
  },
}));
