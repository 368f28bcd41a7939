import { describe, expect, it } from 'vitest';
import { SHOP_TIME_ZONE } from './constants.ts';
import { formatArabicPrice } from './money.ts';
import {
  formatArabicDateTime,
  formatDateTimeInWordsIn,
  formatShopDateTime,
  formatShopDateTimeInWords,
  formatShopTime,
  formatShopTimeIn,
  shopDate,
  shopYear,
} from './shop-clock.ts';

const dubai = (at: number, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, ...options }).format(at);

describe("the shop's clock", () => {
  it('reads a review written at 14:14 UTC as 6:14 PM, wherever the reader is', () => {
    expect(formatShopDateTime('2026-11-25T14:14:00Z')).toBe('25/11/2026, 6:14 PM');
    expect(formatShopTime('2026-11-25T14:14:00Z')).toBe('6:14 PM');
    expect(formatShopDateTimeInWords('2026-11-25T14:14:00Z')).toBe('25 Nov 2026, 6:14 PM');
  });

  it('writes the hour after midnight as 12 on a 12-hour clock, as browsers do', () => {
    expect(formatShopDateTime('2026-09-20T20:05:00Z')).toBe('21/09/2026, 12:05 AM');
    expect(formatShopDateTime('2026-09-21T08:30:00Z')).toBe('21/09/2026, 12:30 PM');
    expect(formatShopDateTime('2026-09-21T09:15:00Z')).toBe('21/09/2026, 1:15 PM');
    expect(formatShopTime(Date.UTC(2026, 8, 20, 20, 5))).toBe('12:05 AM');
    expect(formatShopDateTimeInWords(new Date('2026-09-20T20:05:00Z'))).toBe('21 Sept 2026, 12:05 AM');
  });

  it('turns the day and the year at midnight in the UAE', () => {
    expect(formatShopDateTime('2026-12-31T19:59:00Z')).toBe('31/12/2026, 11:59 PM');
    expect(formatShopDateTime('2026-12-31T20:00:00Z')).toBe('01/01/2027, 12:00 AM');
    expect(shopDate('2026-12-31T19:59:00Z')).toBe('2026-12-31');
    expect(shopDate('2026-12-31T20:00:00Z')).toBe('2027-01-01');
    expect(shopYear(Date.UTC(2026, 11, 31, 19, 59))).toBe(2026);
    expect(shopYear(Date.UTC(2026, 11, 31, 20, 0))).toBe(2027);
  });

  it("agrees with Asia/Dubai's own clock across the year", () => {
    for (let month = 0; month < 12; month++) {
      const at = Date.UTC(2026, month, 15, month * 2, 7 * month);
      const date = dubai(at, { day: '2-digit', month: '2-digit', year: 'numeric' });
      const time = dubai(at, { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' }).toUpperCase();
      expect(formatShopDateTime(at)).toBe(`${date}, ${time}`);
      expect(formatShopTime(at)).toBe(time);
      expect(shopDate(at)).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(at));
      expect(formatShopDateTimeInWords(at)).toBe(
        `${dubai(at, { day: 'numeric', month: 'short', year: 'numeric' })}, ${time}`,
      );
    }
  });
});

describe('Arabic dates and prices (decisions 089 and 094)', () => {
  it('writes Latin digits, the 12-hour clock with ص and م, and ar-AE month names', () => {
    expect(formatArabicDateTime('2026-11-22T08:05:00Z')).toBe('22/11/2026، 12:05 م');
    expect(formatArabicDateTime('2026-11-22T20:30:00Z')).toBe('23/11/2026، 12:30 ص');
    expect(formatDateTimeInWordsIn('ar', '2026-09-20T20:05:00Z')).toBe('21 سبتمبر 2026، 12:05 ص');
    expect(formatDateTimeInWordsIn('en', '2026-09-20T20:05:00Z')).toBe('21 Sept 2026, 12:05 AM');
    // The time alone (checkout's reservation, the sandbox's payment page).
    expect(formatShopTimeIn('ar', '2030-06-01T11:45:00Z')).toBe('3:45 م');
    expect(formatShopTimeIn('ar', '2030-06-01T20:05:00Z')).toBe('12:05 ص');
    expect(formatShopTimeIn('en', '2030-06-01T11:45:00Z')).toBe('3:45 PM');
    for (let month = 0; month < 12; month++) {
      const at = Date.UTC(2026, month, 10, 8);
      const words = formatDateTimeInWordsIn('ar', at).split(' ')[1];
      expect(words).toBe(new Intl.DateTimeFormat('ar-AE', { month: 'long', timeZone: SHOP_TIME_ZONE }).format(at));
    }
  });

  it('writes prices as ar-AE does, in Latin digits', () => {
    expect(formatArabicPrice(12.5)).toBe('\u200f12.50\u00a0د.إ.\u200f');
    expect(formatArabicPrice(1234.5)).toBe('\u200f1,234.50\u00a0د.إ.\u200f');
  });
});
