import { describe, expect, it } from 'vitest';
import { DeliveryMessages, DeliveryMethodCode, type DeliveryOrderSummary } from '@bookshop/contracts/delivery';
import { createDeliveryService } from './service.ts';

const order = (itemsTotalFils: number, allItemsNextDayEligible = true): DeliveryOrderSummary => ({
  itemsTotalFils,
  allItemsNextDayEligible,
});
const unusedCart = {
  deliveryOrderSummary: () => Promise.reject(new Error('feeFils must not read the cart')),
};
const delivery = createDeliveryService({ cart: unusedCart });

describe('delivery.feeFils', () => {
  it('charges Dhs 15.00 for standard delivery up to Dhs 150.00, and nothing over it', () => {
    expect(delivery.feeFils(DeliveryMethodCode.Standard, order(100_00))).toBe(15_00);
    expect(delivery.feeFils(DeliveryMethodCode.Standard, order(150_00))).toBe(15_00);
    expect(delivery.feeFils(DeliveryMethodCode.Standard, order(150_01))).toBe(0);
    expect(delivery.feeFils(DeliveryMethodCode.Standard, order(400_00, false))).toBe(0);
  });

  it('charges Dhs 30.00 for next-day delivery whatever the total, when every book is eligible', () => {
    expect(delivery.feeFils(DeliveryMethodCode.NextDay, order(40_00))).toBe(30_00);
    expect(delivery.feeFils(DeliveryMethodCode.NextDay, order(400_00))).toBe(30_00);
  });

  it('refuses next-day delivery with 409 when a book is not eligible', () => {
    expect(() => delivery.feeFils(DeliveryMethodCode.NextDay, order(400_00, false))).toThrow(
      expect.objectContaining({ status: 409, detail: DeliveryMessages.nextDayNotEligible }),
    );
  });
});
