import { arabicPath, authorPath, bookPath, genrePath, Routes } from '@bookshop/contracts/routes';
import type { CatalogueService } from '../catalogue/service.ts';
import { API_PREFIX } from '../../platform/api-prefix.ts';

/** The sitemaps.org limit of URLs in one file; a larger shop gets a sitemap index (docs/decisions/051). */
export const SITEMAP_URL_LIMIT = 50_000;

/** Pages anyone may read whose content is the shop's own, not a customer's. */
export const STATIC_PAGES = [
  Routes.shipping,
  Routes.shippingTerms,
  Routes.termsOfUse,
  Routes.privacyPolicy,
  Routes.aboutUs,
  Routes.faqs,
  Routes.contactUs,
] as const;

/** The part of a route before its first parameter: "/orders/:id" → "/orders/", so every order is covered. */
const prefixOf = (pattern: string) => pattern.split(':')[0]!;

/** A customer's own pages, in English and in Arabic (decision 089). */
const CUSTOMER_PAGES = [
  Routes.account,
  Routes.cart,
  Routes.checkout,
  prefixOf(Routes.order),
  Routes.wishList,
  prefixOf(Routes.review),
  Routes.addAddress,
  prefixOf(Routes.updateAddress),
];

/** The admin area, a customer's own pages and the API: nothing a search engine should index. */
export const ROBOTS_DISALLOW = [Routes.admin, ...CUSTOMER_PAGES, ...CUSTOMER_PAGES.map(arabicPath), `${API_PREFIX}/`];

/** A page's versions in each language (hreflang → URL), the same list on each of them. */
type Alternates = readonly { hreflang: string; href: string }[];

export type SitemapUrl = { loc: string; lastmod?: string; alternates?: Alternates };

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&apos;', '"': '&quot;' };
export const escapeXml = (text: string) => text.replace(/[&<>'"]/g, (c) => XML_ENTITIES[c]!);

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

const alternateLinks = (alternates: Alternates = []) =>
  alternates
    .map(({ hreflang, href }) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`)
    .join('');

const entry = (tag: string, { loc, lastmod, alternates }: SitemapUrl) =>
  `<${tag}><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}${alternateLinks(alternates)}</${tag}>\n`;

export const urlsetXml = (urls: SitemapUrl[]) =>
  `${XML_HEADER}<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">\n${urls.map((url) => entry('url', url)).join('')}</urlset>\n`;

/**
 * A page in both languages (decision 089): its English and its Arabic URL, each naming both and
 * English as the default, as search engines ask of pages in several languages.
 */
function bothLanguages(at: (path: string) => string, path: string, lastmod?: string): SitemapUrl[] {
  const english = at(path);
  const arabic = at(arabicPath(path));
  const alternates = [
    { hreflang: 'en', href: english },
    { hreflang: 'ar', href: arabic },
    { hreflang: 'x-default', href: english },
  ];
  return [
    { loc: english, lastmod, alternates },
    { loc: arabic, lastmod, alternates },
  ];
}

export const sitemapIndexXml = (sitemaps: SitemapUrl[]) =>
  `${XML_HEADER}<sitemapindex xmlns="${SITEMAP_NS}">\n${sitemaps.map((s) => entry('sitemap', s)).join('')}</sitemapindex>\n`;

/** The file at /sitemap.xml, and the numbered files an index there points to (none when one file holds every URL). */
export type Sitemaps = { main: string; parts: string[] };

/** One urlset when `urls` fit in `limit`; otherwise an index of /sitemap-1.xml, /sitemap-2.xml … of `limit` URLs each. */
export function splitSitemap(urls: SitemapUrl[], publicUrl: string, limit = SITEMAP_URL_LIMIT): Sitemaps {
  if (urls.length <= limit) return { main: urlsetXml(urls), parts: [] };
  const parts: string[] = [];
  for (let start = 0; start < urls.length; start += limit) parts.push(urlsetXml(urls.slice(start, start + limit)));
  return { main: sitemapIndexXml(parts.map((_, i) => ({ loc: `${publicUrl}/sitemap-${i + 1}.xml` }))), parts };
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Genre or author names of shown books, each once (names match case-insensitively), sorted. */
function distinctNames(lists: { name: string }[][]): string[] {
  const names = new Map<string, string>();
  for (const list of lists)
    for (const { name } of list) if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  return [...names.values()].sort();
}

/**
 * The sitemap of the storefront's public pages, built from the shown catalogue and kept in memory
 * until the catalogue changes (a staff write here, or any instance's NOTIFY, moves
 * `catalogue.changeCount()`).
 */
export function createSeoService({
  catalogue,
  publicUrl,
  urlLimit = SITEMAP_URL_LIMIT,
}: {
  catalogue: CatalogueService;
  publicUrl: string;
  /** URLs per file; lowered by tests to see the split without 50,000 books. */
  urlLimit?: number;
}) {
  let cached: { changes: number; sitemaps: Promise<Sitemaps> } | undefined;

  async function build(): Promise<Sitemaps> {
    const books = await catalogue.listShownBooks();
    const at = (path: string) => `${publicUrl}${path}`;
    const urls: SitemapUrl[] = [
      ...bothLanguages(at, Routes.home),
      ...STATIC_PAGES.flatMap((path) => bothLanguages(at, path)),
      ...books.flatMap((book) => bothLanguages(at, bookPath(book.title), new Date(book.updated_at).toISOString())),
      ...distinctNames(books.map((book) => book.genres)).flatMap((name) => bothLanguages(at, genrePath(name))),
      ...distinctNames(books.map((book) => book.authors)).flatMap((name) => bothLanguages(at, authorPath(name))),
    ];
    return splitSitemap(urls, publicUrl, urlLimit);
  }

  /** Concurrent requests share one build; a change during a build leaves it stale for the next request. */
  function sitemaps(): Promise<Sitemaps> {
    const changes = catalogue.changeCount();
    if (cached?.changes !== changes) {
      const sitemaps = build();
      cached = { changes, sitemaps };
      sitemaps.catch(() => {
        if (cached?.sitemaps === sitemaps) cached = undefined;
      });
    }
    return cached.sitemaps;
  }

  const robots = robotsTxt(publicUrl);
  return {
    robots: () => robots,
    /** /sitemap.xml: every URL, or the index of the numbered files. */
    sitemap: async () => (await sitemaps()).main,
    /** /sitemap-{n}.xml (1-based), or undefined when there is no such file. */
    sitemapPart: async (n: number) => (await sitemaps()).parts[n - 1],
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
