import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The shell a stand-in web build serves where nothing is rendered on the server. */
export const STAND_IN_INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<!--page-meta: here-->
<title>Bookshop</title>
<!--/page-meta-->
<script type="module" src="/assets/index-abc.js"></script></head>
<body><div id="root"></div></body></html>`;

/**
 * A folder laid out as the web app's build (index.html and `.ssr/entry-server.js`), with
 * `renderer` as the server renderer module: for tests of how the API serves rendered pages
 * without building the web app. Returns the folder, for `WEB_DIST_DIR`.
 */
export async function standInWebBuild(renderer: string): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'bookshop-web-build-'));
  await writeFile(path.join(dist, 'index.html'), STAND_IN_INDEX_HTML);
  await mkdir(path.join(dist, '.ssr'));
  await writeFile(path.join(dist, '.ssr', 'entry-server.js'), renderer);
  return dist;
}
