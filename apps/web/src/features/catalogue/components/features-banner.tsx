import type { ReactNode } from 'react';
import { useT, type MessageId } from '../../../lib/i18n/i18n.tsx';

type Feature = { id: string; title: MessageId; text: MessageId; icon: ReactNode };

const icon = (path: ReactNode) => (
  <svg
    viewBox="0 0 24 24"
    aria-hidden="true"
    className="size-6"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.75"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {path}
  </svg>
);

const FEATURES: Feature[] = [
  {
    id: 'curated',
    title: 'features.curated.title',
    text: 'features.curated.text',
    icon: icon(<path d="M4 5h4v14H4zM10 5h4v14h-4zM16 6l3.5-.8 3 13.6-3.5.8z" />),
  },
  {
    id: 'filters',
    title: 'features.filters.title',
    text: 'features.filters.text',
    icon: icon(<path d="M3 5h18l-7 8v6l-4 2v-8z" />),
  },
  {
    id: 'wishlist',
    title: 'features.wishlist.title',
    text: 'features.wishlist.text',
    icon: icon(<path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />),
  },
  {
    id: 'checkout',
    title: 'features.checkout.title',
    text: 'features.checkout.text',
    icon: icon(
      <>
        <rect x="3" y="6" width="18" height="12" rx="2" />
        <path d="M3 10h18M7 15h3" />
      </>,
    ),
  },
  {
    id: 'trending',
    title: 'features.trending.title',
    text: 'features.trending.text',
    icon: icon(<path d="M3 17l6-6 4 4 8-8M15 7h6v6" />),
  },
  {
    id: 'reviews',
    title: 'features.reviews.title',
    text: 'features.reviews.text',
    icon: icon(
      <>
        <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z" />
        <path d="m9 12 2 2 4-4" />
      </>,
    ),
  },
  {
    id: 'shipping',
    title: 'features.shipping.title',
    text: 'features.shipping.text',
    icon: icon(
      <>
        <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7z" />
        <circle cx="7" cy="18" r="1.5" />
        <circle cx="17" cy="18" r="1.5" />
      </>,
    ),
  },
];

/**
 * The home page's opening: what the shop offers, and the delivery promise. On a phone the features
 * are one run of text, so the books start on the first screen (decision 073).
 */
export function FeaturesBanner() {
  const t = useT();
  return (
    <section
      aria-labelledby="features-heading"
      className="dark-surface rounded-2xl bg-stone-900 p-4 text-stone-50 sm:px-8 sm:py-8"
    >
      <h1 id="features-heading" className="font-serif text-xl font-semibold sm:text-4xl">
        {t('features.heading')}
      </h1>
      <p className="mt-1 max-w-3xl text-sm text-stone-300 sm:mt-2 sm:text-base">
        <strong className="font-semibold text-amber-300">{t('features.freeDelivery')}</strong>
        {t('features.nextDay')}
      </p>
      <h2 id="features-list-heading" className="sr-only">
        {t('features.list')}
      </h2>
      <ul
        aria-labelledby="features-list-heading"
        className="mt-2 text-xs leading-5 sm:mt-6 sm:grid sm:grid-cols-2 sm:gap-4 sm:text-base sm:leading-normal lg:grid-cols-4 2xl:grid-cols-7"
      >
        {FEATURES.map((feature) => (
          <li
            key={feature.id}
            className="inline after:mx-1.5 after:text-amber-300 after:content-['·'] last:after:content-none sm:flex sm:items-start sm:gap-3 sm:rounded-lg sm:bg-white/5 sm:p-3 sm:after:content-none 2xl:flex-col"
          >
            <span className="shrink-0 text-amber-300 max-sm:hidden">{feature.icon}</span>
            <div className="max-sm:inline">
              <h3 className="font-semibold max-sm:inline">{t(feature.title)}</h3>
              <p className="hidden text-sm text-stone-300 sm:block">{t(feature.text)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
