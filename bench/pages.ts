import { bookPath, genrePath, authorPath, arabicPath } from '../packages/contracts/src/routes.ts';
import { openPostgres } from '../apps/api/src/platform/db.ts';

/*
 * The server-rendered pages (issue 25, decision 102), sent as a browser or CDN asks for them
 * (brotli or gzip). `page-warm`: a rotation of catalogue pages in both languages, each already
 * rendered and kept. `page-cold`: every request a book page the server has not rendered yet.
 * Needs the storefront's build (`npm run build`): without it the app serves index.html only.
 */

const BROWSER = { 'accept-encoding': 'br, gzip' };

/** Issue 25's targets: a kept page at half the bare baseline with p99 ≤ 50 ms; a new page 300/s. */
export function pageVerdict(
  m: { scenario: string; requestsPerSecond: number; p99Ms: number },
  baseline: { requestsPerSecond: number } | undefined,
): string | undefined {
  if (m.scenario === 'page-warm') {
    if (!baseline) return 'n/a (run with baseline)';
    const met = m.requestsPerSecond >= 0.5 * baseline.requestsPerSecond && m.p99Ms <= 50;
    return `${met ? 'met' : 'MISSED'} (≥0.5× baseline, p99≤50)`;
  }
  if (m.scenario === 'page-cold') return `${m.requestsPerSecond >= 300 ? 'met' : 'MISSED'} (≥300)`;
  return undefined;
}

export async function pageScenarios(options: {
  databaseUrl: string;
  port: number;
  genres: string[];
  authors: string[];
}) {
  const handle = await openPostgres(options.databaseUrl, 1);
  const titles = await handle.pool
    .query<{ title: string }>('select title from books where is_active order by id limit 60000')
    .then((result) => result.rows.map((row) => row.title))
    .finally(() => handle.close());
  const bothLanguages = (paths: string[]) => paths.flatMap((path) => [path, arabicPath(path)]);
  const warm = bothLanguages([
    '/',
    ...titles.slice(0, 20).map(bookPath),
    ...options.genres.slice(0, 5).map(genrePath),
    ...options.authors.slice(0, 5).map(authorPath),
  ]);
  // Every book page once, alternating languages; the warm-up renders others so none is seen twice.
  const unseen = titles.slice(20).map((title, n) => (n % 2 ? arabicPath(bookPath(title)) : bookPath(title)));
  const coldWarmup = unseen.slice(0, 1000);
  return [
    {
      name: 'page-warm',
      description: `server-rendered catalogue pages, ${warm.length} in rotation (home, books, genres, authors; en and ar), each kept`,
      port: options.port,
      paths: warm,
      warmup: 'pass' as const,
      headers: BROWSER,
    },
    {
      name: 'page-cold',
      description: 'book pages, each request a book the server has not rendered (en and ar)',
      port: options.port,
      paths: unseen.slice(1000),
      warmup: coldWarmup,
      headers: BROWSER,
    },
  ];
}
