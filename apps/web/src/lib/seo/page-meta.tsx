import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { CURRENCY } from '@bookshop/contracts/constants';
import { useLocale } from '../i18n/i18n.tsx';
import { localisedPath, type Locale } from '../i18n/locale.ts';

/** What a public page says about itself to search engines and link previews (decision 052). */
export type PageMetaData = {
  /** The whole document title, shop name included. */
  title: string;
  description: string;
  /**
   * Canonical path (e.g. /books/Emma), built by the route table's helpers; no query string. The
   * English page's: an Arabic page's canonical URL is the same under /ar.
   */
  path: string;
  /** Path or absolute URL of the preview image. */
  image?: string;
  imageAlt?: string;
  type?: 'website' | 'book';
  /** What the customer pays, in AED. */
  price?: number;
  availability?: 'InStock' | 'OutOfStock';
  /** schema.org data; `url`, `image` and `@id` values that are paths are made absolute. */
  jsonLd?: Record<string, unknown>;
  /**
   * The page's largest paint when it is an image (the book's cover, a listing's first cover):
   * preloaded with high priority from the server-rendered <head>, with the srcset and sizes its
   * <img> uses, so the browser fetches it before the stylesheet and scripts (decision 053). Client
   * navigations add no preload (decision 076).
   */
  preloadImage?: { href: string; imageSrcSet?: string; imageSizes?: string };
  /** Kept out of search engines' indexes (a search results page, decision 088); links are still followed. */
  noindex?: boolean;
};

/** Collects the page's meta while the server renders it, for the server to write into <head>. */
export type HeadCollector = { origin: string; locale: Locale; meta: PageMetaData | undefined };

export function createHeadCollector(origin: string, locale: Locale = 'en'): HeadCollector {
  return { origin, locale, meta: undefined };
}

export const HeadCollectorContext = createContext<HeadCollector | undefined>(undefined);

export function HeadCollectorProvider({ collector, children }: { collector: HeadCollector; children: ReactNode }) {
  return <HeadCollectorContext value={collector}>{children}</HeadCollectorContext>;
}

/** Marks the head elements PageMeta owns, so the next page replaces them instead of adding more. */
const MANAGED = 'data-page-meta';
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
function headTags(meta: PageMetaData, origin: string, locale: Locale): HeadTag[] {
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

function applyHeadTags(tags: HeadTag[]) {
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

function removeManaged(kept: ReadonlySet<Element> = new Set()) {
  for (const element of document.head.querySelectorAll(`[${MANAGED}]`)) {
    if (!kept.has(element)) element.remove();
  }
}

/**
 * Declares the page's metadata. On the server it hands it to the collector (the last one rendered
 * wins); in the browser it updates <head> after each render and clears it when the page goes.
 * Renders nothing either way, so the markup hydrates unchanged.
 */
export function PageMeta(meta: PageMetaData) {
  const collector = useContext(HeadCollectorContext);
  const locale = useLocale();
  if (collector) collector.meta = meta;
  // A fresh object each render; the effect runs only when the content changes.
  const serialised = JSON.stringify(meta);
  useEffect(() => {
    if (collector) return;
    applyHeadTags(headTags(JSON.parse(serialised) as PageMetaData, window.location.origin, locale));
    return () => removeManaged();
  }, [collector, serialised, locale]);
  return null;
}
