import { describe, expect, it } from 'vitest';
import { SHOP_TIME_ZONE } from '@bookshop/contracts/constants';
import { formatDateTime, formatShopDateTime, formatTime, shopYear } from './format.ts';

const dubai = (at: number, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, ...options }).format(at);

describe('dates and times', () => {
  it('writes the hour after midnight as 12 on a 12-hour clock, as browsers do', () => {
    expect(formatDateTime(new Date(2026, 8, 21, 0, 5))).toBe('21/09/2026, 12:05 AM');
    expect(formatDateTime(new Date(2026, 8, 21, 12, 30))).toBe('21/09/2026, 12:30 PM');
    expect(formatTime(new Date(2026, 8, 21, 0, 5))).toBe('12:05 AM');
  });

  it("writes a time on the shop's clock (UTC+4), the same wherever it runs", () => {
    expect(formatShopDateTime('2026-09-20T20:05:00Z')).toBe('21/09/2026, 12:05 AM');
    expect(formatShopDateTime('2026-09-21T09:15:00Z')).toBe('21/09/2026, 1:15 PM');
    expect(formatShopDateTime('2026-12-31T19:59:00Z')).toBe('31/12/2026, 11:59 PM');
    expect(formatShopDateTime('2026-12-31T20:00:00Z')).toBe('01/01/2027, 12:00 AM');
    // Asia/Dubai's own clock agrees, across the year.
    for (let month = 0; month < 12; month++) {
      const at = Date.UTC(2026, month, 15, month * 2, 7 * month);
      const [date, time] = [
        dubai(at, { day: '2-digit', month: '2-digit', year: 'numeric' }),
        dubai(at, { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' }).toUpperCase(),
      ];
      expect(formatShopDateTime(at)).toBe(`${date}, ${time}`);
    }
  });

  it("turns the year at midnight in the UAE, as Asia/Dubai's own clock does", () => {
    expect(shopYear(Date.UTC(2026, 11, 31, 19, 59))).toBe(2026);
    expect(shopYear(Date.UTC(2026, 11, 31, 20, 0))).toBe(2027);
    for (const at of [Date.UTC(2026, 5, 30, 20, 0), Date.UTC(2027, 0, 1, 3, 0), Date.UTC(2030, 11, 31, 20, 1)])
      expect(shopYear(at)).toBe(Number(dubai(at, { year: 'numeric' })));
  });
});
