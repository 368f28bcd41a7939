import { CURRENCY } from '@bookshop/contracts/constants';
import { localisedPath, type Locale } from '../i18n/locale.ts';
import { MANAGED, removeManaged, type PageMetaData } from './page-meta.tsx';

/*
 * The head elements a page's meta becomes: printed by the server into the page it renders, and
 * applied by the browser after a client navigation. Kept apart from PageMeta, so that the browser
 * loads this only when a navigation needs it: a page the server rendered arrives with its head
 * already written, and the home route's scripts stay within their budget (decision 103).
 */

const SHOP_NAME = 'Bookshop';

type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta' | 'link'; key: string; attrs: Record<string, string> }
  | { tag: 'script'; key: string; attrs: Record<string, string>; text: string };

const absolute = (pathOrUrl: string, origin: string) => new URL(pathOrUrl, origin).href;

// JSON-LD written by the builders holds paths; crawlers want whole URLs.
function absoluteUrls(value: unknown, origin: string): unknown {
  if (Array.isArray(value)) return value.map((item) => absoluteUrls(item, origin));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      (key === 'url' || key === 'image' || key === '@id') && typeof item === 'string' && item.startsWith('/')
        ? absolute(item, origin)
        : absoluteUrls(item, origin),
    ]),
  );
}

const PRELOAD_KEY = 'link[rel="preload"][as="image"]';

function preloadTag({ href, imageSrcSet, imageSizes }: NonNullable<PageMetaData['preloadImage']>): HeadTag {
  return {
    tag: 'link',
    key: PRELOAD_KEY,
    attrs: {
      rel: 'preload',
      as: 'image',
      href,
      ...(imageSrcSet && { imagesrcset: imageSrcSet }),
      ...(imageSizes && { imagesizes: imageSizes }),
      fetchpriority: 'high',
    },
  };
}

/** The one list of head elements a page gets; the server prints it, the browser applies it. */
export function headTags(meta: PageMetaData, origin: string, locale: Locale): HeadTag[] {
  const url = absolute(localisedPath(meta.path, locale), origin);
  // Each page names itself in both languages, English as the default (decision 089).
  const alternate = (hreflang: string, path: string): HeadTag => ({
    tag: 'link',
    key: `link[rel="alternate"][hreflang="${hreflang}"]`,
    attrs: { rel: 'alternate', hreflang, href: absolute(path, origin) },
  });
  const image = meta.image ? absolute(meta.image, origin) : undefined;
  const named = (name: string, content: string): HeadTag => ({
    tag: 'meta',
    key: `meta[name="${name}"]`,
    attrs: { name, content },
  });
  const property = (name: string, content: string): HeadTag => ({
    tag: 'meta',
    key: `meta[property="${name}"]`,
    attrs: { property: name, content },
  });
  const tags: HeadTag[] = [
    { tag: 'title', text: meta.title },
    ...(meta.preloadImage ? [preloadTag(meta.preloadImage)] : []),
    named('description', meta.description),
    ...(meta.noindex ? [named('robots', 'noindex')] : []),
    { tag: 'link', key: 'link[rel="canonical"]', attrs: { rel: 'canonical', href: url } },
    alternate('en', meta.path),
    alternate('ar', localisedPath(meta.path, 'ar')),
    alternate('x-default', meta.path),
    property('og:site_name', SHOP_NAME),
    property('og:locale', locale === 'ar' ? 'ar_AE' : 'en_AE'),
    property('og:type', meta.type ?? 'website'),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', url),
  ];
  if (image) tags.push(property('og:image', image));
  if (image && meta.imageAlt) tags.push(property('og:image:alt', meta.imageAlt));
  if (meta.price !== undefined) {
    tags.push(property('product:price:amount', meta.price.toFixed(2)), property('product:price:currency', CURRENCY));
  }
  if (meta.availability) {
    tags.push(property('product:availability', meta.availability === 'InStock' ? 'in stock' : 'out of stock'));
  }
  tags.push(
    named('twitter:card', image ? 'summary_large_image' : 'summary'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
  );
  if (image) tags.push(named('twitter:image', image));
  if (image && meta.imageAlt) tags.push(named('twitter:image:alt', meta.imageAlt));
  if (meta.jsonLd) {
    tags.push({
      tag: 'script',
      key: `script[type="application/ld+json"][${MANAGED}]`,
      attrs: { type: 'application/ld+json' },
      // The language the page describes its subject in (decision 089).
      text: JSON.stringify(absoluteUrls({ ...meta.jsonLd, inLanguage: locale }, origin)),
    });
  }
  return tags;
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** The page's head elements as HTML, for the server to put in <head> in place of the template's title and description. */
export function renderHeadTags(meta: PageMetaData, origin: string, locale: Locale = 'en'): string {
  return headTags(meta, origin, locale)
    .map((tag) => {
      if (tag.tag === 'title') return `<title>${escapeHtml(tag.text)}</title>`;
      const attrs = Object.entries(tag.attrs)
        .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
        .join('');
      // `<` escaped, so no value (a title with "</script>" in it) can close the script early.
      if (tag.tag === 'script') return `<script${attrs} ${MANAGED}>${tag.text.replace(/</g, '\\u003c')}</script>`;
      return `<${tag.tag}${attrs} ${MANAGED}>`;
    })
    .join('\n');
}

function createTag(tag: Exclude<HeadTag, { tag: 'title' }>): Element {
  const element = document.createElement(tag.tag);
  for (const [name, value] of Object.entries(tag.attrs)) element.setAttribute(name, value);
  if (tag.tag === 'script') element.textContent = tag.text;
  element.setAttribute(MANAGED, '');
  return element;
}

export function applyHeadTags(tags: HeadTag[]) {
  const kept = new Set<Element>();
  for (const tag of tags) {
    if (tag.tag === 'title') {
      document.title = tag.text;
      continue;
    }
    // Each element enters the document whole: a preload link given its attributes one by one once
    // attached has Chromium warn of an invalid href and fetch an image the page never uses.
    const next = createTag(tag);
    // The template's own description (not yet marked) is taken over rather than duplicated.
    const current = document.head.querySelector(tag.key);
    if (current?.isEqualNode(next)) {
      kept.add(current);
      continue;
    }
    // A cover preload helps only the server's first paint: after a client navigation the <img>
    // is already rendering, and may take a larger copy the browser holds, leaving a preload unused.
    if (tag.key === PRELOAD_KEY) continue;
    if (current) current.replaceWith(next);
    else document.head.append(next);
    kept.add(next);
  }
  removeManaged(kept);
}
