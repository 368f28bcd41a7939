import type { ReactNode } from 'react';
import { useLocale, useT } from '../../../lib/i18n/i18n.tsx';
import { directionOf } from '../../../lib/i18n/locale.ts';
import { useRichT, type RichTags } from '../../../lib/i18n/rich-text.tsx';
import { PageMeta } from '../../../lib/seo/page-meta.tsx';
import { staticPageMeta } from '../../../lib/seo/page-meta-builders.ts';
import { DeliveryAreas, lastUpdatedText, phoneHref, ShopDetails } from '../shop-details.ts';

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
  const t = useT();
  const locale = useLocale();
  return (
    // The page's language and direction on the text itself too, whatever frame it is shown in.
    <article lang={locale} dir={directionOf(locale)} className="py-10">
      <PageMeta {...staticPageMeta({ heading: title, summary: intro, path })} />
      <header className="mb-8 max-w-[72ch] border-b border-stone-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-lg text-stone-700">{intro}</p>
        {showUpdated && (
          <p className="mt-3 text-sm text-stone-700">{t('info.lastUpdated', { date: lastUpdatedText(locale) })}</p>
        )}
      </header>
      <div className="prose-page">{children}</div>
    </article>
  );
}

/** An e-mail address as a link; left to right inside Arabic text. */
export function EmailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} dir="ltr">
      {address}
    </a>
  );
}

/** The shop's phone number as a link; its digits read left to right inside Arabic text. */
export function PhoneLink() {
  return (
    <a href={phoneHref} dir="ltr">
      {ShopDetails.phone}
    </a>
  );
}

export function ContactLines() {
  const t = useT();
  const rich = useRichT();
  return (
    <ul>
      <li>{rich('info.contact.email', { email: ShopDetails.supportEmail }, contactTags)}</li>
      <li>{rich('info.contact.phone', { phone: ShopDetails.phone, hours: t('info.shop.hours') }, contactTags)}</li>
      <li>{t('info.contact.post', { legalName: t('info.shop.legalName'), address: t('info.shop.address') })}</li>
    </ul>
  );
}

/** `<email>` and `<phone>` in a message: the address or number as a link. */
export const contactTags: RichTags = {
  email: (address) => <EmailLink address={address} />,
  phone: () => <PhoneLink />,
};

/**
 * Where the shop delivers, in the page's language: on English pages the zones' own names
 * (contracts DELIVERY_ZONES, which checkout enforces); on Arabic pages their translation.
 */
export function useDeliveryAreas(): { countries: string; standard: string; nextDay: string } {
  const t = useT();
  if (useLocale() === 'en') return DeliveryAreas;
  return { countries: t('info.areas.countries'), standard: t('info.areas.standard'), nextDay: t('info.areas.nextDay') };
}
