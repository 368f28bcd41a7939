import { Link } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { shopYear } from '../../lib/format.ts';
import { useCurrentUser } from '../../features/auth/session/session-store.ts';
import { LockIcon } from '../../ui/icons.tsx';
import { showsWishlist } from './nav-links.ts';
import { useT, type MessageId } from '../../lib/i18n/i18n.tsx';
import { LanguageSwitch } from './language-switch.tsx';

const linkGroups = [
  {
    id: 'company',
    title: 'footer.company',
    links: [
      { to: Routes.privacyPolicy, label: 'footer.privacyPolicy' },
      { to: Routes.termsOfUse, label: 'footer.termsOfUse' },
      { to: Routes.shippingTerms, label: 'footer.shippingTerms' },
    ],
  },
  {
    id: 'get-help',
    title: 'footer.getHelp',
    links: [
      { to: Routes.faqs, label: 'footer.faqs' },
      { to: Routes.shipping, label: 'footer.shipping' },
      { to: Routes.contactUs, label: 'footer.contactUs' },
    ],
  },
  {
    id: 'online-shop',
    title: 'footer.onlineShop',
    links: [
      { to: Routes.home, label: 'nav.home' },
      { to: Routes.wishList, label: 'nav.wishlist' },
      { to: Routes.aboutUs, label: 'nav.aboutUs' },
    ],
  },
] as const satisfies readonly { id: string; title: MessageId; links: readonly { to: string; label: MessageId }[] }[];

// The shop's social accounts; point these at the real profiles before going live.
const socialLinks = [
  { href: 'https://www.instagram.com/', label: 'Instagram' },
  { href: 'https://www.facebook.com/', label: 'Facebook' },
  { href: 'https://x.com/', label: 'X' },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn' },
] as const;

const groupId = (id: string) => `footer-${id}`;

const linkClasses = 'rounded-sm text-stone-200 underline-offset-4 hover:text-white hover:underline';

function NewTabNote() {
  return <span className="sr-only">{useT()('footer.opensInNewTab')}</span>;
}

export function Footer() {
  // The shop's year, not the visitor's: the server renders this line, and a browser on the other
  // side of midnight on New Year's Eve would otherwise rewrite it at hydration.
  const year = shopYear(Date.now());
  const user = useCurrentUser();
  const t = useT();
  return (
    <footer className="dark-surface mt-12 bg-stone-900 text-stone-200">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        {linkGroups.map((group) => (
          <nav key={group.id} aria-labelledby={groupId(group.id)}>
            <h2 id={groupId(group.id)} className="mb-3 text-sm font-bold tracking-wider text-white uppercase">
              {t(group.title)}
            </h2>
            <ul className="grid gap-2 text-sm">
              {group.links
                .filter((link) => link.to !== Routes.wishList || showsWishlist(user))
                .map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={linkClasses}>
                      {t(link.label)}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
        ))}
        <section aria-labelledby="footer-follow-us">
          <h2 id="footer-follow-us" className="mb-3 text-sm font-bold tracking-wider text-white uppercase">
            {t('footer.followUs')}
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
          <LanguageSwitch className="inline-flex self-start text-stone-200 hover:bg-stone-800 hover:text-white sm:self-auto" />
          <p className="flex items-center gap-2">
            <LockIcon className="size-4 shrink-0" />
            {t('footer.secureCheckout')} <strong className="text-white">Stripe</strong>
          </p>
          <p>
            {t('footer.rights', { year })} {/* A new tab, as the spec asks of the credit. */}
            {/* The credit leads to the shop's own story, not to a code host's front page. */}
            <Link to={Routes.aboutUs} target="_blank" rel="noopener" className={`${linkClasses} underline`}>
              {t('footer.madeBy')}
              <NewTabNote />
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
