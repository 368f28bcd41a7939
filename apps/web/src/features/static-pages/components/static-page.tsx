import type { ReactNode } from 'react';
import { PageMeta } from '../../../lib/seo/page-meta.tsx';
import { staticPageMeta } from '../../../lib/seo/page-meta-builders.ts';
import { ShopDetails } from '../shop-details.ts';

type StaticPageProps = {
  title: string;
  /** The page's canonical path, from the route table. */
  path: string;
  /** The lead paragraph, also the page's description for search engines. */
  intro: string;
  /** Legal pages show when they last changed. */
  showUpdated?: boolean;
  children: ReactNode;
};

/** The frame every information page shares: one h1, a lead paragraph, readable text width. */
export function StaticPage({ title, path, intro, showUpdated = false, children }: StaticPageProps) {
  return (
    <article className="py-10">
      <PageMeta {...staticPageMeta({ heading: title, summary: intro, path })} />
      <header className="mb-8 max-w-[72ch] border-b border-stone-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-lg text-stone-700">{intro}</p>
        {showUpdated && <p className="mt-3 text-sm text-stone-700">Last updated: {ShopDetails.lastUpdated}</p>}
      </header>
      <div className="prose-page">{children}</div>
    </article>
  );
}

export function ContactLines() {
  return (
    <ul>
      <li>
        E-mail: <a href={`mailto:${ShopDetails.supportEmail}`}>{ShopDetails.supportEmail}</a>
      </li>
      <li>
        Phone: <a href={`tel:${ShopDetails.phone.replace(/\s/g, '')}`}>{ShopDetails.phone}</a>, {ShopDetails.hours}
      </li>
      <li>
        Post: {ShopDetails.legalName}, {ShopDetails.address}
      </li>
    </ul>
  );
}
