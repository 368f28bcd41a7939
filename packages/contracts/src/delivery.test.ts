import { describe, expect, it } from 'vitest';
import {
  amountToFreeDeliveryFils,
  deliveryFeeFils,
  deliveryOptions,
  NEXT_DAY_DELIVERY_FEE_FILS,
  STANDARD_DELIVERY_FEE_FILS,
} from './delivery.ts';

describe('delivery rules', () => {
  it('makes standard delivery free only strictly over 150.00', () => {
    expect(deliveryFeeFils('standard', { itemsTotalFils: 150_00, allItemsNextDayEligible: false })).toBe(
      STANDARD_DELIVERY_FEE_FILS,
    );
    expect(deliveryFeeFils('standard', { itemsTotalFils: 150_01, allItemsNextDayEligible: false })).toBe(0);
  });

  it('says how much more is needed, down to the fil', () => {
    expect(amountToFreeDeliveryFils(0)).toBe(150_01);
    expect(amountToFreeDeliveryFils(149_99)).toBe(2);
    expect(amountToFreeDeliveryFils(150_00)).toBe(1);
    expect(amountToFreeDeliveryFils(150_01)).toBe(0);
  });

  it('offers next day only when every item is eligible, at its fee whatever the total', () => {
    expect(deliveryFeeFils('next-day', { itemsTotalFils: 500_00, allItemsNextDayEligible: true })).toBe(
      NEXT_DAY_DELIVERY_FEE_FILS,
    );
    expect(deliveryFeeFils('next-day', { itemsTotalFils: 500_00, allItemsNextDayEligible: false })).toBeUndefined();
    expect(deliveryOptions({ itemsTotalFils: 0, allItemsNextDayEligible: false }).map((o) => o.isAvailable)).toEqual([
      true,
      false,
    ]);
  });
});
