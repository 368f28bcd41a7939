import { Routes } from '@bookshop/contracts/routes';

/** The header's plain links, shared by the wide nav and the mobile menu. */
export const primaryLinks = [
  { to: Routes.home, label: 'Home' },
  { to: Routes.wishList, label: 'Wishlist' },
  { to: Routes.aboutUs, label: 'About Us' },
] as const;

export const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold hover:bg-stone-100 ${
    isActive ? 'text-brand underline decoration-2 underline-offset-8' : 'text-stone-800'
  }`;
