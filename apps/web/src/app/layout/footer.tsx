import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { shopYear } from '../../lib/format.ts';
import { useCurrentUser } from '../../features/auth/session/session-store.ts';
import { LockIcon } from '../../ui/icons.tsx';
import { showsWishlist } from './nav-links.ts';

const linkGroups = [
  {
    title: 'Company',
    links: [
      { to: Routes.privacyPolicy, label: 'Privacy Policy' },
      { to: Routes.termsOfUse, label: 'Terms of Use' },
      { to: Routes.shippingTerms, label: 'Shipping Terms and Conditions' },
    ],
  },
  {
    title: 'Get Help',
    links: [
      { to: Routes.faqs, label: 'FAQs' },
      { to: Routes.shipping, label: 'Shipping' },
      { to: Routes.contactUs, label: 'Contact Us' },
    ],
  },
  {
    title: 'Online Shop',
    links: [
      { to: Routes.home, label: 'Home' },
      { to: Routes.wishList, label: 'Wishlist' },
      { to: Routes.aboutUs, label: 'About Us' },
    ],
  },
] as const;

// The shop's social accounts; point these at the real profiles before going live.
const socialLinks = [
  { href: 'https://www.instagram.com/', label: 'Instagram' },
  { href: 'https://www.facebook.com/', label: 'Facebook' },
  { href: 'https://x.com/', label: 'X' },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn' },
] as const;

// The credit leads to the shop's own story, not to a code host's front page.
const MADE_BY = { name: 'the Bookshop team', to: Routes.aboutUs } as const;

const groupId = (title: string) => `footer-${title.toLowerCase().replace(/\W+/g, '-')}`;

const linkClasses = 'rounded-sm text-stone-200 underline-offset-4 hover:text-white hover:underline';

function NewTabNote() {
  return <span className="sr-only"> (opens in a new tab)</span>;
}

export function Footer() {
  // The shop's year, not the visitor's: the server renders this line, and a browser on the other
  // side of midnight on New Year's Eve would otherwise rewrite it at hydration.
  const year = shopYear(Date.now());
  const user = useCurrentUser();
  return (
    <footer className="dark-surface mt-12 bg-stone-900 text-stone-200">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        {linkGroups.map((group) => (
          <nav key={group.title} aria-labelledby={groupId(group.title)}>
            <h2 id={groupId(group.title)} className="mb-3 text-sm font-bold tracking-wider text-white uppercase">
              {group.title}
            </h2>
            <ul className="grid gap-2 text-sm">
              {group.links
                .filter((link) => link.to !== Routes.wishList || showsWishlist(user))
                .map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={linkClasses}>
                      {link.label}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
        ))}
        <section aria-labelledby="footer-follow-us">
          <h2 id="footer-follow-us" className="mb-3 text-sm font-bold tracking-wider text-white uppercase">
            Follow Us
          </h2>
          <ul className="grid gap-2 text-sm">
            {socialLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer" className={linkClasses}>
                  {link.label}
                  <NewTabNote />
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="container-page border-t border-stone-700">
        {/* Right padding keeps the text clear of the scroll-to-top button. */}
        <div className="flex flex-col gap-3 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:pe-16">
          <p className="flex items-center gap-2">
            <LockIcon className="size-4 shrink-0" />
            Safe and secure checkout powered by <strong className="text-white">Stripe</strong>
          </p>
          <p>
            © {year} Bookshop. All rights reserved. Made By {/* A new tab, as the spec asks of the credit. */}
            <Link to={MADE_BY.to} target="_blank" rel="noopener" className={`${linkClasses} underline`}>
              {MADE_BY.name}
              <NewTabNote />
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
