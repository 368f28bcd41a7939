import type { ReactNode } from 'react';

type Feature = { title: string; text: string; icon: ReactNode };

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
    title: 'Curated Collections',
    text: 'Shelves chosen by readers, from timeless classics to new voices.',
    icon: icon(<path d="M4 5h4v14H4zM10 5h4v14h-4zM16 6l3.5-.8 3 13.6-3.5.8z" />),
  },
  {
    title: 'Smart Filters',
    text: 'Narrow by genre, author, price, stock and discount in a click.',
    icon: icon(<path d="M3 5h18l-7 8v6l-4 2v-8z" />),
  },
  {
    title: 'Wishlist & Save for Later',
    text: 'Keep the books you love and come back when you are ready.',
    icon: icon(<path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />),
  },
  {
    title: 'One-Click Checkout',
    text: 'Pay securely by card, without filling the same form twice.',
    icon: icon(
      <>
        <rect x="3" y="6" width="18" height="12" rx="2" />
        <path d="M3 10h18M7 15h3" />
      </>,
    ),
  },
  {
    title: 'Trending & New Releases',
    text: 'See what other readers are picking up this week.',
    icon: icon(<path d="M3 17l6-6 4 4 8-8M15 7h6v6" />),
  },
  {
    title: 'Verified Reviews',
    text: 'Ratings come from customers who bought the book.',
    icon: icon(
      <>
        <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z" />
        <path d="m9 12 2 2 4-4" />
      </>,
    ),
  },
  {
    title: 'Free & Fast Shipping',
    text: 'Delivered to your door, with next-day options.',
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
  return (
    <section
      aria-labelledby="features-heading"
      className="dark-surface rounded-2xl bg-stone-900 p-4 text-stone-50 sm:px-8 sm:py-8"
    >
      <h1 id="features-heading" className="font-serif text-xl font-semibold sm:text-4xl">
        Books worth reading, delivered across the UAE
      </h1>
      <p className="mt-1 max-w-3xl text-sm text-stone-300 sm:mt-2 sm:text-base">
        <strong className="font-semibold text-amber-300">Free delivery on orders over 150 AED</strong>, and next-day
        shipping on select titles.
      </p>
      <h2 id="features-list-heading" className="sr-only">
        Features
      </h2>
      <ul
        aria-labelledby="features-list-heading"
        className="mt-2 text-xs leading-5 sm:mt-6 sm:grid sm:grid-cols-2 sm:gap-4 sm:text-base sm:leading-normal lg:grid-cols-4 2xl:grid-cols-7"
      >
        {FEATURES.map((feature) => (
          <li
            key={feature.title}
            className="inline after:mx-1.5 after:text-amber-300 after:content-['·'] last:after:content-none sm:flex sm:items-start sm:gap-3 sm:rounded-lg sm:bg-white/5 sm:p-3 sm:after:content-none 2xl:flex-col"
          >
            <span className="shrink-0 text-amber-300 max-sm:hidden">{feature.icon}</span>
            <div className="max-sm:inline">
              <h3 className="font-semibold max-sm:inline">{feature.title}</h3>
              <p className="hidden text-sm text-stone-300 sm:block">{feature.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
