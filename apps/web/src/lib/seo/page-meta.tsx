import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
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
export const MANAGED = 'data-page-meta';

export function removeManaged(kept: ReadonlySet<Element> = new Set()) {
  for (const element of document.head.querySelectorAll(`[${MANAGED}]`)) {
    if (!kept.has(element)) element.remove();
  }
}

const pathOf = (url: string) => {
  const { pathname, search } = new URL(url, window.location.origin);
  return pathname + search;
};

/** Whether <head> already describes this page: the server wrote it for the page being hydrated. */
function headWrittenFor(meta: PageMetaData, locale: Locale): boolean {
  const canonical = document.head.querySelector(`link[rel="canonical"][${MANAGED}]`)?.getAttribute('href');
  const description = document.head.querySelector('meta[name="description"]')?.getAttribute('content');
  return (
    document.title === meta.title &&
    description === meta.description &&
    canonical != null &&
    pathOf(canonical) === pathOf(localisedPath(meta.path, locale))
  );
}

/**
 * Declares the page's metadata. On the server it hands it to the collector (the last one rendered
 * wins); in the browser it updates <head> after each render and clears it when the page goes.
 * Renders nothing either way, so the markup hydrates unchanged. A page hydrated over the server's
 * HTML keeps the head the server wrote; the code that writes a head is fetched for the next change
 * or navigation only (decision 103).
 */
export function PageMeta(meta: PageMetaData) {
  const collector = useContext(HeadCollectorContext);
  const locale = useLocale();
  const mounted = useRef(false);
  if (collector) collector.meta = meta;
  // A fresh object each render; the effect runs only when the content changes.
  const serialised = JSON.stringify(meta);
  useEffect(() => {
    if (collector) return;
    const current = JSON.parse(serialised) as PageMetaData;
    const first = !mounted.current;
    mounted.current = true;
    let shown = true;
    if (!(first && headWrittenFor(current, locale))) {
      void import('./head-tags.ts').then(({ applyHeadTags, headTags }) => {
        if (shown) applyHeadTags(headTags(current, window.location.origin, locale));
      });
    }
    return () => {
      shown = false;
      removeManaged();
    };
  }, [collector, serialised, locale]);
  return null;
}
