import { z } from 'zod';
import { EMIRATE_NOT_GIVEN, EMIRATES } from './emirates.ts';

/*
 * UAE VAT (issue 23, decision 085): prices are VAT-inclusive, so VAT is taken out of each line's
 * gross amount, never added on top. The rules live here once; the invoices, the order JSON, the
 * VAT return and the storefront all use them.
 */

/** The UAE's standard rate; `VAT_RATE_PERCENT` may set another (e.g. if the law changes). */
export const DEFAULT_VAT_RATE_PERCENT = 5;

/**
 * The VAT inside a VAT-inclusive amount, in fils: gross × rate / (100 + rate), rounded half up.
 * Integer arithmetic (rate in hundredths of a percent), so 0.5 fils always rounds the same way.
 */
export function vatOfGross(grossFils: number, ratePercent: number): number {
  const rateBasisPoints = Math.round(ratePercent * 100);
  if (grossFils === 0 || rateBasisPoints === 0) return 0;
  const numerator = grossFils * rateBasisPoints;
  const denominator = 10_000 + rateBasisPoints;
  const sign = Math.sign(numerator);
  const magnitude = Math.abs(numerator);
  return sign * Math.floor((2 * magnitude + denominator) / (2 * denominator));
}

/** A gross amount split into what goes to the shop and what goes to the tax authority. */
export type VatSplit = { grossFils: number; vatFils: number; netFils: number };

export function splitGross(grossFils: number, ratePercent: number): VatSplit {
  const vatFils = vatOfGross(grossFils, ratePercent);
  return { grossFils, vatFils, netFils: grossFils - vatFils };
}

/** Totals of a document are sums of its lines, so every document adds up to the fils. */
export function sumSplits(lines: readonly VatSplit[]): VatSplit {
  return lines.reduce(
    (sum, line) => ({
      grossFils: sum.grossFils + line.grossFils,
      vatFils: sum.vatFils + line.vatFils,
      netFils: sum.netFils + line.netFils,
    }),
    { grossFils: 0, vatFils: 0, netFils: 0 },
  );
}

export const TAX_DOCUMENT_TYPES = ['invoice', 'credit-note'] as const;
export type TaxDocumentType = (typeof TAX_DOCUMENT_TYPES)[number];

/** 'INV-2026-000001', 'CN-2026-000001': one gapless sequence per type and year of the shop's clock. */
export const TAX_DOCUMENT_PREFIXES: Record<TaxDocumentType, string> = { invoice: 'INV', 'credit-note': 'CN' };
export const taxDocumentNumber = (type: TaxDocumentType, year: number, sequence: number): string =>
  `${TAX_DOCUMENT_PREFIXES[type]}-${year}-${String(sequence).padStart(6, '0')}`;
export const CREDIT_NOTE_NUMBER_PATTERN = /^CN-\d{4}-\d{6}$/;

/** The document titles: VAT-registered (a TRN is set) or not (decision 085). */
export const TAX_DOCUMENT_TITLES: Record<
  TaxDocumentType,
  { registered: string; unregistered: string; arabic: string }
> = {
  invoice: { registered: 'Tax Invoice', unregistered: 'Invoice', arabic: 'فاتورة ضريبية' },
  'credit-note': { registered: 'Tax Credit Note', unregistered: 'Credit Note', arabic: 'إشعار دائن ضريبي' },
};

/** A Tax Registration Number: 15 digits. */
export const TRN_PATTERN = /^\d{15}$/;

/** One document of an order, as the order JSON lists it (amounts in decimal AED, positive). */
export const OrderDocumentSchema = z.object({
  type: z.enum(TAX_DOCUMENT_TYPES),
  number: z.string(),
  issuedAt: z.string(),
  total: z.number(),
  vatAmount: z.number(),
  url: z.string(),
});
export type OrderDocument = z.infer<typeof OrderDocumentSchema>;

/** Where a sale went, for the VAT return's first box; orders without an emirate count as 'Not given'. */
export const VAT_REPORT_EMIRATES = [...EMIRATES, EMIRATE_NOT_GIVEN] as const;
