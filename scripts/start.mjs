// `npm start`: builds the storefront when its build is missing or older than its sources,
// then runs the API server (which also serves the storefront) in this process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newestMtime(path.join(entry, name))));
}

const builtAt = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
if (process.env.SKIP_WEB_BUILD !== '1' && builtAt < Math.max(...webSources.map(newestMtime))) {
  console.info(
    builtAt
      ? 'Storefront sources changed: rebuilding (about a minute)…'
      : 'Building the storefront (first start, about a minute)…',
  );
  // Its listing of some 230 files says nothing to someone starting the shop: shown only when it fails.
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    console.error(
      `The storefront build failed${build.error ? ` (${build.error.message})` : ''}; see the output above.`,
    );
    process.exit(build.status ?? 1);
  }
}

// A shop, not a development server: libraries that read NODE_ENV at run time (TanStack Query in
// the page renderer, among others) skip their development checks. Under React this made server
// rendering about 1.5× faster (decision 053); Preact has no development build (decision 054).
// Set NODE_ENV to override.
process.env.NODE_ENV ??= 'production';

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/api/src/main.ts'));
