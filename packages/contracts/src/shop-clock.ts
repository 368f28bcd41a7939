import { SHOP_UTC_OFFSET_HOURS } from './constants.ts';

/*
 * The shop's clock, the one home of how the shop writes a time (decision 074). Every date and time
 * a person reads — on a server-rendered page, in the browser, in an e-mail, on the card page — is
 * on the shop's clock (the UAE, UTC+4 all year, `SHOP_TIME_ZONE`), en-GB with a 12-hour clock and
 * AM/PM (spec). Written by arithmetic rather than an Intl format: the text is the same on the
 * server and in every visitor's browser whatever their zone or ICU version (so hydration matches),
 * and it costs no Intl format, whose first use in a time zone takes the browser tens of
 * milliseconds. Arabic (decision 089) is written the same way: Latin digits, the 12-hour clock with
 * ص (before noon) and م (after), ar-AE's month names. SQL on the shop's clock (`at time zone`) uses `SHOP_TIME_ZONE` itself.
 */

type Instant = Date | string | number;

/** A Date whose UTC fields read the shop's wall clock (UTC+4 all year, no daylight saving). */
const onShopClock = (at: Instant) => new Date(new Date(at).getTime() + SHOP_UTC_OFFSET_HOURS * 3_600_000);

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** en-GB's short month names, as browsers and Node (ICU 72 and later) write them. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

/** '3:05 PM', '12:05 AM': the hour after midnight is 12, as browsers write it. */
const clock = (at: Date) => {
  const hours = at.getUTCHours();
  return `${hours % 12 || 12}:${twoDigits(at.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
};

/** '22/11/2026, 3:05 PM' on the shop's clock. */
export function formatShopDateTime(value: Instant): string {
  const at = onShopClock(value);
  return `${twoDigits(at.getUTCDate())}/${twoDigits(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}, ${clock(at)}`;
}

/** '21 Sept 2026, 12:05 AM' on the shop's clock: a date in words, for e-mails. */
export function formatShopDateTimeInWords(value: Instant): string {
  const at = onShopClock(value);
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${clock(at)}`;
}

/** ar-AE's month names (the Gregorian calendar's, as the UAE writes them). */
const ARABIC_MONTHS = [
  'يناير',
  'فبراير',
  'مارس',
  'أبريل',
  'مايو',
  'يونيو',
  'يوليو',
  'أغسطس',
  'سبتمبر',
  'أكتوبر',
  'نوفمبر',
  'ديسمبر',
] as const;

/** '3:05 م', '12:05 ص'. */
const arabicClock = (at: Date) => {
  const hours = at.getUTCHours();
  return `${hours % 12 || 12}:${twoDigits(at.getUTCMinutes())} ${hours < 12 ? 'ص' : 'م'}`;
};

/** '22/11/2026، 3:05 م' on the shop's clock: Arabic pages' dates. */
export function formatArabicDateTime(value: Instant): string {
  const at = onShopClock(value);
  return `${twoDigits(at.getUTCDate())}/${twoDigits(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}، ${arabicClock(at)}`;
}

/** '21 سبتمبر 2026، 12:05 ص' on the shop's clock: a date in words, for Arabic e-mails. */
export function formatArabicDateTimeInWords(value: Instant): string {
  const at = onShopClock(value);
  return `${at.getUTCDate()} ${ARABIC_MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}، ${arabicClock(at)}`;
}

/** A date and time in a language: '22/11/2026, 3:05 PM' or '22/11/2026، 3:05 م'. */
export const formatDateTimeIn = (language: 'en' | 'ar', value: Instant): string =>
  language === 'ar' ? formatArabicDateTime(value) : formatShopDateTime(value);

/** A date in words in a language, for e-mails: '21 Sept 2026, 12:05 AM' or '21 سبتمبر 2026، 12:05 ص'. */
export const formatDateTimeInWordsIn = (language: 'en' | 'ar', value: Instant): string =>
  language === 'ar' ? formatArabicDateTimeInWords(value) : formatShopDateTimeInWords(value);

/** '3:45 PM' on the shop's clock (e.g. until when copies stay reserved). */
export const formatShopTime = (value: Instant): string => clock(onShopClock(value));

/** The time alone in a language: '3:45 PM' or '3:45 م' (checkout's reservation, the sandbox's page). */
export const formatShopTimeIn = (language: 'en' | 'ar', value: Instant): string =>
  language === 'ar' ? arabicClock(onShopClock(value)) : formatShopTime(value);

/** '2026-11-22': the shop's day, e.g. in a file name. */
export function shopDate(value: Instant): string {
  const at = onShopClock(value);
  return `${at.getUTCFullYear()}-${twoDigits(at.getUTCMonth() + 1)}-${twoDigits(at.getUTCDate())}`;
}

/** The year on the shop's clock, which turns at midnight in the UAE. */
export const shopYear = (value: Instant): number => onShopClock(value).getUTCFullYear();
