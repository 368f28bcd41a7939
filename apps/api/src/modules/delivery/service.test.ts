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
const unusedAddresses = { get: () => Promise.reject(new Error('feeFils must not read addresses')) };
const delivery = createDeliveryService({ cart: unusedCart, addresses: unusedAddresses });
const london = { country: 'GB', city: 'London', emirate: null };
const fujairah = { country: 'AE', city: 'Fujairah', emirate: 'Fujairah' as const };
const dubai = { country: 'AE', city: 'Dubai', emirate: 'Dubai' as const };

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

describe('delivery.feeFils with a destination (decision 079)', () => {
  it('refuses a London address for any method with 409 saying where the shop delivers', () => {
    for (const code of [DeliveryMethodCode.Standard, DeliveryMethodCode.NextDay])
      expect(() => delivery.feeFils(code, { ...order(40_00), destination: london })).toThrow(
        expect.objectContaining({
          status: 409,
          detail: 'We deliver only to addresses in the United Arab Emirates. Choose another address.',
        }),
      );
  });

  it('refuses next-day delivery to Fujairah with 409 naming the next-day areas, and charges standard', () => {
    expect(() => delivery.feeFils(DeliveryMethodCode.NextDay, { ...order(40_00), destination: fujairah })).toThrow(
      expect.objectContaining({
        status: 409,
        detail: 'Next-Day Delivery is offered only to addresses in Dubai, Sharjah, Ajman and Abu Dhabi city.',
      }),
    );
    expect(delivery.feeFils(DeliveryMethodCode.Standard, { ...order(40_00), destination: fujairah })).toBe(15_00);
  });

  it('charges next-day delivery to Dubai and to Abu Dhabi city, not to Al Ain', () => {
    expect(delivery.feeFils(DeliveryMethodCode.NextDay, { ...order(40_00), destination: dubai })).toBe(30_00);
    const abuDhabi = { country: 'AE', city: 'abu dhabi', emirate: 'Abu Dhabi' as const };
    expect(delivery.feeFils(DeliveryMethodCode.NextDay, { ...order(40_00), destination: abuDhabi })).toBe(30_00);
    expect(() =>
      delivery.feeFils(DeliveryMethodCode.NextDay, { ...order(40_00), destination: { ...abuDhabi, city: 'Al Ain' } }),
    ).toThrow(expect.objectContaining({ status: 409 }));
  });
});
