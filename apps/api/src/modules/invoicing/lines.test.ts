import { describe, expect, it } from 'vitest';
import { vatOfGross } from '@bookshop/contracts/vat';
import { seededRandom } from '../../platform/seeded-random.ts';
import { orderLines, taxLines, type SoldOrder } from './lines.ts';

/**
 * Property test of decision 085's money rules: for thousands of random carts (discounts, fees,
 * rates with decimals), every line's arithmetic holds exactly and the document adds up to the fils.
 */
describe('tax document lines', () => {
  const random = seededRandom(85);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(values: readonly T[]) => values[int(0, values.length - 1)]!;

  function randomOrder(): SoldOrder {
    const items = Array.from({ length: int(1, 6) }, (_, i) => {
      const priceFils = int(1, 50_000);
      const discount = pick([0, 0, 5, 10, 12.5, 33.33, 50, 99, 100]);
      return {
        title: `Book ${i}`,
        quantity: int(1, 20),
        priceFils,
        discountedPriceFils: Math.round((priceFils * (100 - discount)) / 100),
      };
    });
    return {
      items,
      deliveryMethodName: pick(['Standard Delivery', 'Next-Day Delivery']),
      deliveryFeeFils: pick([0, 1_500, 2_500, int(1, 9_999)]),
      codFeeFils: pick([0, 0, 1_000, int(1, 999)]),
    };
  }

  it('every line holds: quantity × unit price ex VAT − discount = net, net + VAT = total; totals are the sums', () => {
    for (let run = 0; run < 2_000; run++) {
      const order = randomOrder();
      const rate = pick([5, 5, 0, 2.5, 7.25, 15, 20, int(0, 10_000) / 100]);
      const document = taxLines(orderLines(order), rate);
      const gross =
        order.items.reduce((sum, item) => sum + item.discountedPriceFils * item.quantity, 0) +
        order.deliveryFeeFils +
        order.codFeeFils;
      expect(document.totalFils).toBe(gross);
      expect(document.netFils + document.vatFils).toBe(document.totalFils);
      expect(document.netFils).toBe(document.lines.reduce((sum, l) => sum + l.netFils, 0));
      expect(document.vatFils).toBe(document.lines.reduce((sum, l) => sum + l.vatFils, 0));
      expect(document.totalFils).toBe(document.lines.reduce((sum, l) => sum + l.totalFils, 0));
      for (const line of document.lines) {
        expect(line.quantity * line.unitPriceExVatFils - line.discountExVatFils).toBe(line.netFils);
        expect(line.netFils + line.vatFils).toBe(line.totalFils);
        expect(line.vatFils).toBe(vatOfGross(line.totalFils, rate));
        expect(line.discountExVatFils).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(line.unitPriceExVatFils) && line.unitPriceExVatFils >= 0).toBe(true);
        expect(line.vatRatePercent).toBe(rate);
      }
    }
  });

  it('lists each book, then the delivery and cash-on-delivery fees when charged', () => {
    const document = taxLines(
      orderLines({
        items: [{ title: 'Emma', quantity: 2, priceFils: 4_000, discountedPriceFils: 3_600 }],
        deliveryMethodName: 'Standard Delivery',
        deliveryFeeFils: 1_500,
        codFeeFils: 0,
      }),
      5,
    );
    expect(document.lines).toEqual([
      {
        description: 'Emma',
        quantity: 2,
        unitPriceExVatFils: 3_810, // 40.00 / 1.05 = 38.095…
        discountExVatFils: 763, // 2 × 38.10 − 68.57
        vatRatePercent: 5,
        netFils: 6_857,
        vatFils: 343, // 72.00 × 5/105 = 3.428…
        totalFils: 7_200,
      },
      {
        description: 'Standard Delivery',
        quantity: 1,
        unitPriceExVatFils: 1_429,
        discountExVatFils: 0,
        vatRatePercent: 5,
        netFils: 1_429,
        vatFils: 71,
        totalFils: 1_500,
      },
    ]);
    expect(document).toMatchObject({ netFils: 8_286, vatFils: 414, totalFils: 8_700 });
    // No TRN: rate 0, no VAT at all.
    expect(
      taxLines([{ description: 'Emma', quantity: 1, unitPriceFils: 4_000, unitPaidFils: 4_000 }], 0),
    ).toMatchObject({ netFils: 4_000, vatFils: 0, totalFils: 4_000 });
  });
});
