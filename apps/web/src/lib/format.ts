import { SHOP_UTC_OFFSET_HOURS } from '@bookshop/contracts/constants';
import { upperCaseDayPeriod } from '@bookshop/contracts/text';

export { formatPrice } from '@bookshop/contracts/money';

/*
 * en-GB with a 12-hour clock and AM/PM (spec). `hourCycle: 'h12'` rather than `hour12: true`: with
 * the latter, Node's ICU picks en-GB's 0–11 cycle and writes five past midnight as '0:05 am', where
 * Chromium writes '12:05 am'.
 */
// Made on first use, not when the module loads: every page that shows a price imports this module,
// and building a date format costs the browser about 30 ms of main thread on the test machine.
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/** '22/11/2026, 3:05 PM' in the browser's time zone, for pages rendered in the browser only. */
export function formatDateTime(value: Date | string | number): string {
  dateTimeFormat ??= new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  });
  return upperCaseDayPeriod(dateTimeFormat.format(new Date(value)));
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** A Date whose UTC fields read the shop's wall clock (UTC+4 all year, no daylight saving). */
const onShopClock = (at: Date | string | number) =>
  new Date(new Date(at).getTime() + SHOP_UTC_OFFSET_HOURS * 3_600_000);

/**
 * '22/11/2026, 3:05 PM' on the shop's clock (UTC+4, no daylight saving), for pages the server
 * renders: the text is the same on the server and in every visitor's browser, whatever their
 * zone or ICU version, and it costs no Intl format (whose first use in a time zone takes the
 * browser tens of milliseconds).
 */
export function formatShopDateTime(value: Date | string | number): string {
  const at = onShopClock(value);
  const hours = at.getUTCHours();
  const date = `${twoDigits(at.getUTCDate())}/${twoDigits(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}`;
  return `${date}, ${hours % 12 || 12}:${twoDigits(at.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

let timeFormat: Intl.DateTimeFormat | undefined;

/** en-GB 12-hour time of day: '3:45 PM' (e.g. until when copies stay reserved). */
export function formatTime(value: Date | string | number): string {
  timeFormat ??= new Intl.DateTimeFormat('en-GB', { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' });
  return upperCaseDayPeriod(timeFormat.format(new Date(value)));
}

/**
 * The year on the shop's clock. UAE time keeps no daylight saving, so its offset is enough; an
 * Intl format with a time zone would cost every page a few milliseconds to build.
 */
export const shopYear = (now: number): number => onShopClock(now).getUTCFullYear();
