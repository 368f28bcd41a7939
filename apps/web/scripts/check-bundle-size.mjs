// `npm run size -w apps/web` (after `npm run build -w apps/web`): the gzipped JavaScript a
// visitor downloads to see the home page, i.e. the entry chunk and everything it imports
// statically (lazy pages excluded). Fails when that exceeds the budget, or when an admin module
// (the staff dashboard and the admin features: features/staff, features/admin-*) is among it: the admin area is its own lazily
// loaded chunk (decision 034).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// Issue 11's budget. Rendering with Preact instead of React DOM is what makes it reachable
// (decision 054; the figures are in docs/performance.md, "Issue 11: storefront first paint").
const BUDGET_KB = 100;
const HOME_PAGE_SOURCE = 'src/features/catalogue/pages/home-page.tsx';

/**
 * Source paths of the admin area; none may be in the storefront's initial JavaScript. Every staff
 * page lives under features/staff or a features/admin-<name> folder (orders, support, reviews:
 * decision 066), and src/app's dashboard routes compose them.
 */
const ADMIN_MODULE =
  /^src\/(features\/(staff|admin-[^/]+)\/|app\/(staff-dashboard-route|staff-profile-route|admin-[^/]+-routes)\.tsx)/;

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}. Run \`npm run build -w apps/web\` first.`);
  process.exit(1);
}

/** @type {Record<string, { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entryKeys.length === 0) {
  console.error('The build manifest has no entry chunk.');
  process.exit(1);
}
// Should the home page ever be split out of the entry, its own chunk still counts.
if (manifest[HOME_PAGE_SOURCE]?.isDynamicEntry) entryKeys.push(HOME_PAGE_SOURCE);

const seen = new Set();
function collect(key) {
  if (seen.has(key) || !manifest[key]) return;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) collect(imported);
}
entryKeys.forEach(collect);

const files = [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
const rows = files.map((file) => {
  const content = readFileSync(path.join(dist, file));
  return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
});

const kb = (bytes) => (bytes / 1024).toFixed(1);
for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`  ${row.file.padEnd(48)} ${kb(row.raw).padStart(8)} KB  ${kb(row.gzip).padStart(7)} KB gzip`);
}
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
console.log(`Home route JavaScript: ${kb(total)} KB gzipped (budget ${BUDGET_KB} KB, ${files.length} files).`);

/*
 * Each page fetches its language's shell messages before it hydrates (decisions 089, 092): the home
 * route's JavaScript in a language is the above plus that catalogue (and any chunk of its own),
 * and both languages must stay within the budget.
 */
const CATALOGS = { en: 'src/lib/i18n/catalogs/shell/en.json', ar: 'src/lib/i18n/catalogs/shell/ar.json' };
const gzipOf = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
let largest = total;
for (const [locale, source] of Object.entries(CATALOGS)) {
  if (!manifest[source]) {
    console.error(`The build has no chunk for ${source}: the ${locale} catalogue must be its own lazily loaded chunk.`);
    process.exit(1);
  }
  const own = new Set();
  const collectOwn = (key) => {
    if (seen.has(key) || own.has(key) || !manifest[key]) return;
    own.add(key);
    for (const imported of manifest[key].imports ?? []) collectOwn(imported);
  };
  collectOwn(source);
  const extra = [...own].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const sum = total + extra.reduce((bytes, file) => bytes + gzipOf(file), 0);
  largest = Math.max(largest, sum);
  console.log(`  with the ${locale} catalogue (${extra.join(', ')}): ${kb(sum)} KB gzipped`);
}

if (largest > BUDGET_KB * 1024) {
  console.error(
    `Over budget by ${kb(largest - BUDGET_KB * 1024)} KB. Lazy-load what the home page does not need ` +
      '(React.lazy / route `lazy`) or drop a heavy dependency.',
  );
  // Still report admin modules below: both failures are worth seeing at once.
  process.exitCode = 1;
}

// The admin area must stay out of what every storefront visitor downloads (decision 034).
const chunkModulesPath = path.join(dist, '.vite/chunk-modules.json');
if (!existsSync(chunkModulesPath)) {
  console.error(`No chunk module list at ${chunkModulesPath}. Run \`npm run build -w apps/web\` first.`);
  process.exit(1);
}
/** @type {Record<string, string[]>} */
const chunkModules = JSON.parse(readFileSync(chunkModulesPath, 'utf8'));
const adminInHome = files.flatMap((file) =>
  (chunkModules[file] ?? []).filter((id) => ADMIN_MODULE.test(id)).map((id) => `${id} (in ${file})`),
);
if (adminInHome.length > 0) {
  console.error(
    'Admin modules are in the home route JavaScript; load them lazily from the router instead:\n  ' +
      adminInHome.join('\n  '),
  );
  process.exit(1);
}
if (process.exitCode !== 1) console.log('No admin module in the home route JavaScript.');
