import { describe, expect, it } from 'vitest';
import { splitGross, sumSplits, taxDocumentNumber, vatOfGross } from './vat.ts';

describe('VAT inside a VAT-inclusive price', () => {
  it('takes 5/105 of the gross amount', () => {
    expect(vatOfGross(10_500, 5)).toBe(500);
    expect(vatOfGross(2_100, 5)).toBe(100);
    expect(vatOfGross(0, 5)).toBe(0);
  });

  it('rounds to the nearest fils, a half upwards', () => {
    expect(vatOfGross(10, 5)).toBe(0); // 0.476…
    expect(vatOfGross(11, 5)).toBe(1); // 0.523…
    expect(vatOfGross(41, 2.5)).toBe(1); // 1.0
    expect(vatOfGross(61, 2.5)).toBe(1); // 1.4878…
    expect(vatOfGross(62, 2.5)).toBe(2); // 1.5121…
    expect(vatOfGross(21, 100)).toBe(11); // 10.5 rounds up
    expect(vatOfGross(1_000_001, 0)).toBe(0);
  });

  it('splits a line so net plus VAT is the gross', () => {
    for (const gross of [1, 99, 4_550, 123_457])
      expect(splitGross(gross, 5).netFils + splitGross(gross, 5).vatFils).toBe(gross);
    expect(sumSplits([splitGross(4_550, 5), splitGross(1_500, 5)])).toEqual({
      grossFils: 6_050,
      vatFils: 217 + 71,
      netFils: 6_050 - 288,
    });
  });

  it('numbers documents per type and year with six digits', () => {
    expect(taxDocumentNumber('invoice', 2026, 1)).toBe('INV-2026-000001');
    expect(taxDocumentNumber('credit-note', 2027, 12_345)).toBe('CN-2027-012345');
  });
});
