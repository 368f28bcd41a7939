import { z } from 'zod';
import { VAT_REPORT_EMIRATES } from './vat.ts';

/*
 * `GET v1/reports/vat` and `GET v1/reports/vat.csv` (issue 23, decision 087; permission
 * `reports:view`, Admin): the figures of the UAE VAT return for a period of shop days, read from
 * the issued tax documents. Money is decimal AED.
 */

/** The longest period one request may ask for: a year, leap day included. */
export const VAT_REPORT_MAX_DAYS = 366;

export const VatReportMessages = {
  fromInvalid: 'Give the first day of the period as a date such as 2026-01-01.',
  toInvalid: 'Give the last day of the period as a date such as 2026-03-31.',
  range: 'The last day must not be before the first day.',
  tooLong: `A period can be at most ${VAT_REPORT_MAX_DAYS} days long.`,
} as const;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** A real calendar day written YYYY-MM-DD ('2026-02-30' is refused, not rolled over). */
const isRealDay = (s: string) => {
  const at = Date.parse(`${s}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(at) && new Date(at).toISOString().startsWith(s);
};

const day = (message: string) => z.string({ error: message }).refine(isRealDay, message);

/** Both days are on the shop's clock and both are included. */
export const VatReportQuerySchema = z
  .object({ from: day(VatReportMessages.fromInvalid), to: day(VatReportMessages.toInvalid) })
  .refine((q) => q.from <= q.to, { message: VatReportMessages.range, path: ['to'] })
  .refine((q) => q.from > q.to || dayNumber(q.to) - dayNumber(q.from) + 1 <= VAT_REPORT_MAX_DAYS, {
    message: VatReportMessages.tooLong,
    path: ['to'],
  });
export type VatReportQuery = z.infer<typeof VatReportQuerySchema>;

const VatAmountsSchema = z.object({ netAmount: z.number(), vatAmount: z.number() });

export const VatReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /**
   * Invoices of the period by the emirate the order was delivered to: every emirate, then
   * 'Not given', always all eight in this order (VAT_REPORT_EMIRATES), zeros included.
   */
  sales: z.array(VatAmountsSchema.extend({ emirate: z.enum(VAT_REPORT_EMIRATES) })),
  salesTotal: VatAmountsSchema,
  /** Credit notes of the period, as negative amounts. */
  adjustments: VatAmountsSchema,
  /** salesTotal.vatAmount + adjustments.vatAmount. */
  netVatDue: z.number(),
  /** How many invoices and credit notes the period holds. */
  invoices: z.number().int(),
  creditNotes: z.number().int(),
});
export type VatReport = z.infer<typeof VatReportSchema>;

/** A calendar quarter of shop days, e.g. { label: 'Q4 2026', from: '2026-10-01', to: '2026-12-31' }. */
export type Quarter = { label: string; from: string; to: string };

const isoDay = (year: number, monthIndex: number, date: number) =>
  new Date(Date.UTC(year, monthIndex, date)).toISOString().slice(0, 10);

/** The quarter holding `day` (a shop day, YYYY-MM-DD), or the one `before` quarters earlier. */
export function quarterOf(day: string, before = 0): Quarter {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const index = year * 4 + Math.floor((month - 1) / 3) - before;
  const quarterYear = Math.floor(index / 4);
  const quarter = index - quarterYear * 4;
  return {
    label: `Q${quarter + 1} ${quarterYear}`,
    from: isoDay(quarterYear, quarter * 3, 1),
    // Day 0 of the next quarter's first month is this quarter's last day.
    to: isoDay(quarterYear, quarter * 3 + 3, 0),
  };
}

/** The quarter holding `today` and the `count - 1` before it, newest first: the VAT page's quick choices. */
export const recentQuarters = (today: string, count: number): Quarter[] =>
  Array.from({ length: count }, (_, before) => quarterOf(today, before));
