import type { LoggedInUser } from '@bookshop/contracts/auth';
import { Routes } from '@bookshop/contracts/routes';
import { isStaff } from '../../features/auth/session/session-store.ts';
import type { MessageId } from '../../lib/i18n/i18n.tsx';

/**
 * A wishlist belongs to a customer account; staff have none, and the link would only open the
 * customer login page, so header, mobile menu, bottom bar and footer leave it out for them
 * (docs/decisions/020-storefront-shell.md).
 */
export const showsWishlist = (user: LoggedInUser | null) => !isStaff(user);

/** The header's plain links, shared by the wide nav and the mobile menu; Home comes first. */
export const primaryLinksFor = (user: LoggedInUser | null) =>
  primaryLinks.filter((link) => link.to !== Routes.wishList || showsWishlist(user));

const primaryLinks = [
  { to: Routes.home, label: 'nav.home' },
  { to: Routes.wishList, label: 'nav.wishlist' },
  { to: Routes.aboutUs, label: 'nav.aboutUs' },
] as const satisfies readonly { to: string; label: MessageId }[];

export const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold hover:bg-stone-100 ${
    isActive ? 'text-brand underline decoration-2 underline-offset-8' : 'text-stone-800'
  }`;
