export { formatPrice } from '@bookshop/contracts/money';

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** en-GB with a 12-hour clock: '22/11/2026, 3:05 pm' → shown as '22/11/2026, 3:05 PM'. */
export function formatDateTime(value: Date | string | number): string {
  return dateTimeFormat.format(new Date(value)).replace(/\b(am|pm)\b/i, (m) => m.toUpperCase());
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', minute: '2-digit', hour12: true });

/** en-GB 12-hour time of day: '3:45 PM' (e.g. until when copies stay reserved). */
export function formatTime(value: Date | string | number): string {
  return timeFormat.format(new Date(value)).replace(/\b(am|pm)\b/i, (m) => m.toUpperCase());
}
