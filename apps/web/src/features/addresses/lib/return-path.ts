import { Routes } from '@bookshop/contracts/routes';

/** Where a page that sends the customer to an address form wants them back (e.g. checkout). */
export type AddressReturnState = { returnTo?: string };

/** The remembered page when it stays inside this site; else the address list on /account. */
export function returnPathOf(state: unknown): string {
  const returnTo = (state as AddressReturnState | null | undefined)?.returnTo;
  if (typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//')) return returnTo;
  return `${Routes.account}#addresses`;
}
