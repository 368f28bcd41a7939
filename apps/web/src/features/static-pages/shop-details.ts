import { FREE_DELIVERY_THRESHOLD_FILS } from '@bookshop/contracts/constants';
import {
  DeliveryMethodCode,
  NEXT_DAY_DELIVERY_FEE_FILS,
  deliveryAreaText,
  deliveryCountriesText,
} from '@bookshop/contracts/delivery';
import type { Locale } from '../../lib/i18n/locale.ts';

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Where the shop delivers, as the pages write it: from the zones checkout enforces
 * (contracts DELIVERY_ZONES, decision 079), so the pages cannot promise another area.
 */
export const DeliveryAreas = {
  /** 'the United Arab Emirates' */
  countries: deliveryCountriesText(),
  /** 'All seven emirates of the UAE' */
  standard: sentenceCase(deliveryAreaText(DeliveryMethodCode.Standard)),
  /** 'Dubai, Sharjah, Ajman and Abu Dhabi city' */
  nextDay: deliveryAreaText(DeliveryMethodCode.NextDay),
} as const;

/**
 * Contact details quoted by the static pages; change them here, in one place. What is written in
 * words (the legal name, the address, the opening hours) is in the `info` messages, in each language.
 */
export const ShopDetails = {
  name: 'Bookshop',
  supportEmail: 'support@bookshop.ae',
  privacyEmail: 'privacy@bookshop.ae',
  phone: '+971 4 555 0123',
  /** The hour (UAE time, 24-hour clock) before which a next-day order leaves the same day. */
  nextDayCutOffHour: 14,
  returnDays: 14,
  /** Whole dirhams, as the pages write it ('150 AED'). */
  freeDeliveryOverAed: FREE_DELIVERY_THRESHOLD_FILS / 100,
  /** Whole dirhams: next-day delivery keeps its fee whatever the order's value (decision 011). */
  nextDayFeeAed: NEXT_DAY_DELIVERY_FEE_FILS / 100,
  /** When the legal pages last changed. */
  lastUpdated: '2026-11-22',
} as const;

/** '2:00 PM' on English pages, '2:00 م' on Arabic ones. */
export function cutOffText(locale: Locale): string {
  const hour = ShopDetails.nextDayCutOffHour;
  const afternoon = hour >= 12;
  const clock = `${hour % 12 || 12}:00`;
  if (locale === 'ar') return `${clock} ${afternoon ? 'م' : 'ص'}`;
  return `${clock} ${afternoon ? 'PM' : 'AM'}`;
}

/** '22 November 2026' / '22 نوفمبر 2026', Latin digits in both (decision 089). */
export function lastUpdatedText(locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar-AE-u-nu-latn' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${ShopDetails.lastUpdated}T00:00:00Z`));
}

/** The phone number as a `tel:` link wants it. */
export const phoneHref = `tel:${ShopDetails.phone.replace(/\s/g, '')}`;
