import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeliveryMessages } from '@bookshop/contracts/delivery';
import { createCustomer, type TestAccount, type TestApp } from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const { t } = useTestApp();
let alice: TestAccount;
let bob: TestAccount;
let fast: number;
let slow: number;
let threshold: number;

type NewBook = Parameters<TestApp['catalogue']['createBook']>[0];
let isbn = 9782000000000;
const book = (title: string, overrides: Partial<NewBook>): NewBook => ({
  title,
  description: '',
  isbn: String(isbn++),
  priceFils: 4000,
  discountPercentage: 0,
  stockQuantity: 20,
  nextDayEligible: false,
  authorNames: ['Jane Austen'],
  genreNames: ['Classics'],
  imageKeys: [],
  ...overrides,
});

beforeAll(async () => {
  fast = await t.catalogue.createBook(book('Next Day Title', { priceFils: 5000, nextDayEligible: true }));
  slow = await t.catalogue.createBook(book('Standard Title', { priceFils: 4000 }));
  // 200.00 at 25% off: 150.00 paid, exactly the threshold, which is not "over" it.
  threshold = await t.catalogue.createBook(
    book('Threshold Title', { priceFils: 20000, discountPercentage: 25, nextDayEligible: true }),
  );
  alice = await createCustomer(t);
  bob = await createCustomer(t);
});
beforeEach(async () => {
  await t.app.inject({ method: 'DELETE', url: '/api/v1/cart', headers: alice.headers });
});

const add = (who: TestAccount, bookId: number, quantity = 1) =>
  t.app.inject({ method: 'POST', url: '/api/v1/cart', headers: who.headers, payload: { bookId, quantity } });
const quote = async (who: TestAccount) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/customers-addresses/delivery-methods',
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/v1/customers-addresses/delivery-methods', () => {
  it('quotes standard and next-day delivery for a cart of eligible books under the threshold', async () => {
    await add(alice, fast, 2);
    expect(await quote(alice)).toEqual({
      itemsTotal: 100,
      freeDeliveryThreshold: 150,
      amountToFreeDelivery: 50.01,
      methods: [
        {
          code: 'standard',
          name: DeliveryMessages.standardName,
          description: DeliveryMessages.standardDescription,
          fee: 15,
          baseFee: 15,
          isAvailable: true,
          unavailableReason: null,
          areas: expect.any(Array),
        },
        {
          code: 'next-day',
          name: DeliveryMessages.nextDayName,
          description: DeliveryMessages.nextDayDescription,
          fee: 30,
          baseFee: 30,
          isAvailable: true,
          unavailableReason: null,
          areas: expect.any(Array),
        },
      ],
    });
  });

  it('withholds next-day delivery when one book is not eligible', async () => {
    await add(alice, fast);
    await add(alice, slow);
    const { methods } = await quote(alice);
    expect(methods[1]).toMatchObject({
      code: 'next-day',
      isAvailable: false,
      unavailableReason: DeliveryMessages.nextDayNotEligible,
    });
    expect(methods[0]).toMatchObject({ code: 'standard', isAvailable: true });
  });

  it('charges standard delivery at exactly 150.00 and makes it free above, on the discounted total', async () => {
    await add(alice, threshold);
    let body = await quote(alice);
    expect(body).toMatchObject({ itemsTotal: 150, amountToFreeDelivery: 0.01 });
    expect(body.methods[0].fee).toBe(15);

    await add(alice, slow);
    body = await quote(alice);
    expect(body).toMatchObject({ itemsTotal: 190, amountToFreeDelivery: 0 });
    expect(body.methods[0]).toMatchObject({ fee: 0, baseFee: 15 });
    // Express delivery keeps its fee.
    expect(body.methods[1]).toMatchObject({ fee: 30, isAvailable: false });
  });

  it('quotes the caller’s own cart only', async () => {
    await add(bob, slow, 10);
    const body = await quote(alice);
    expect(body.itemsTotal).toBe(0);
    expect(body.methods[0].fee).toBe(15);
  });
});
