import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CART_MAX_LINES, CartMessages } from '@bookshop/contracts/cart';
import { AuthMessages } from '@bookshop/contracts/auth';
import { CheckoutMessages, MAX_COPIES_PER_TITLE } from '@bookshop/contracts/checkout';
import {
  callAs,
  createCustomer,
  createStaff,
  expectProblem,
  expectValidationError,
  testBook,
  type Method,
  type TestAccount,
} from '../../test/app.ts';
import { itRefusesGuestsAndStaff, type CustomerRoute } from '../../test/customer-only.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const { t } = useTestApp();
let alice: TestAccount;
let bob: TestAccount;
let staff: TestAccount;
const ids: Record<string, number> = {};

const book = testBook;

/** Stock and prices change under the cart when staff edit books or others buy them. */
const setBook = (id: number, changes: { stock?: number; priceFils?: number; discount?: number }) =>
  t.db.execute(sql`update books set
    stock_quantity = coalesce(${changes.stock ?? null}::integer, stock_quantity),
    price_fils = coalesce(${changes.priceFils ?? null}::integer, price_fils),
    discount_percentage = coalesce(${changes.discount ?? null}::numeric, discount_percentage)
    where id = ${id}`);

beforeAll(async () => {
  ids.emma = await t.catalogue.createBook(
    book({
      title: 'Emma',
      priceFils: 4000,
      stockQuantity: 3,
      imageKeys: ['books/emma-a', 'books/emma-b'],
      mainImageIndex: 1,
    }),
  );
  ids.persuasion = await t.catalogue.createBook(
    book({ title: 'Persuasion', priceFils: 3550, discountPercentage: 10, stockQuantity: 10, nextDayEligible: true }),
  );
  ids.soldOut = await t.catalogue.createBook(book({ title: 'Sold Out', stockQuantity: 0 }));
  ids.lastCopy = await t.catalogue.createBook(book({ title: 'Last Copy', stockQuantity: 1 }));
  alice = await createCustomer(t);
  bob = await createCustomer(t);
  staff = await createStaff(t);
});

beforeEach(async () => {
  await t.app.inject({ method: 'DELETE', url: '/api/v1/cart', headers: alice.headers });
  await t.app.inject({ method: 'DELETE', url: '/api/v1/cart', headers: bob.headers });
});

const call = (method: Method, url: string, who?: TestAccount, payload?: unknown) =>
  callAs(t, method, url, who, payload);
const add = (who: TestAccount, bookId: number, quantity?: number) =>
  call('POST', '/api/v1/cart', who, { bookId, ...(quantity !== undefined && { quantity }) });
const getCart = async (who: TestAccount) => (await call('GET', '/api/v1/cart', who)).json();

describe('who may use the cart', () => {
  const routes: CustomerRoute[] = [
    ['read', 'GET', '/api/v1/cart'],
    ['add', 'POST', '/api/v1/cart', { bookId: 1 }],
    ['set quantity', 'PUT', '/api/v1/cart', { bookId: 1, quantity: 1 }],
    ['remove a line', 'DELETE', '/api/v1/cart/delete-item', { bookId: 1 }],
    ['clear', 'DELETE', '/api/v1/cart'],
    ['merge', 'POST', '/api/v1/cart/merge', { items: [] }],
  ];

  itRefusesGuestsAndStaff(
    routes,
    call,
    () => staff,
    (res) => expect(res.json().detail).toBe(AuthMessages.signInRequired),
  );

  it('a guest sending a malformed body still gets 401, not a validation error', async () => {
    expectProblem(await call('POST', '/api/v1/cart', undefined, { bookId: 'x' }), 401);
  });
});

describe('GET /api/v1/cart', () => {
  it('starts empty', async () => {
    const res = await call('GET', '/api/v1/cart', alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [],
      itemCount: 0,
      subtotal: 0,
      discountTotal: 0,
      total: 0,
      amountToFreeDelivery: 150.01,
      canCheckout: false,
    });
  });

  it('shows every cart item field, decimal prices and totals', async () => {
    await add(alice, ids.emma!, 2);
    await add(alice, ids.persuasion!);
    const cart = await getCart(alice);
    expect(cart.items).toEqual([
      {
        id: ids.emma,
        title: 'Emma',
        titleAr: null,
        description: 'About Emma',
        descriptionAr: null,
        imageUrl: '/images/books/emma-b-400.webp',
        price: 40,
        discountPercentage: 0,
        discountedPrice: 40,
        quantity: 2,
        isInStock: true,
        stockQuantity: 3,
        isNextDayDeliveryEligible: false,
        priceWhenAdded: 40,
        isPriceChanged: false,
        isQuantityAvailable: true,
        lineTotal: 80,
      },
      expect.objectContaining({
        id: ids.persuasion,
        price: 35.5,
        discountPercentage: 10,
        discountedPrice: 31.95,
        quantity: 1,
        imageUrl: null,
        lineTotal: 31.95,
      }),
    ]);
    // 2 × 40.00 + 35.50 before discount; 3.55 off Persuasion.
    expect(cart).toMatchObject({
      itemCount: 3,
      subtotal: 115.5,
      discountTotal: 3.55,
      total: 111.95,
      canCheckout: true,
    });
    expect(cart.amountToFreeDelivery).toBe(38.06);
  });

  it('shows nothing of another customer’s cart', async () => {
    await add(alice, ids.emma!);
    expect((await getCart(bob)).items).toEqual([]);
  });
});

describe('POST /api/v1/cart', () => {
  it('adds one copy by default and grows an existing line', async () => {
    const first = await add(alice, ids.persuasion!);
    expect(first.statusCode).toBe(200);
    expect(first.json().items).toMatchObject([{ id: ids.persuasion, quantity: 1 }]);
    const second = await add(alice, ids.persuasion!, 3);
    expect(second.json().items).toMatchObject([{ id: ids.persuasion, quantity: 4 }]);
    expect(second.json().itemCount).toBe(4);
  });

  it('refuses an out-of-stock book with 409 and a clear message', async () => {
    const res = await add(alice, ids.soldOut!);
    expectProblem(res, 409, 'Conflict');
    expect(res.json().detail).toBe('"Sold Out" is out of stock.');
    expect((await getCart(alice)).items).toEqual([]);
  });

  it('refuses more copies than are in stock, counting what is already in the cart', async () => {
    await add(alice, ids.emma!, 2);
    const res = await add(alice, ids.emma!, 2);
    expectProblem(res, 409);
    expect(res.json().detail).toBe('Only 3 copies of "Emma" are in stock.');
    expect((await getCart(alice)).items).toMatchObject([{ id: ids.emma, quantity: 2 }]);

    const last = await add(alice, ids.lastCopy!, 2);
    expect(last.json().detail).toBe('Only 1 copy of "Last Copy" is in stock.');
  });

  it('answers an unknown book with 404', async () => {
    const res = await add(alice, 999_999);
    expectProblem(res, 404);
    expect(res.json().detail).toBe(CartMessages.bookNotFound);
  });

  it.each([
    [{ bookId: 1, quantity: -1 }, 'quantity', CartMessages.quantityMin],
    [{ bookId: 1, quantity: 0 }, 'quantity', CartMessages.quantityMin],
    [{ bookId: 1, quantity: 1.5 }, 'quantity', CartMessages.quantityInvalid],
    [{ bookId: 1, quantity: '2' }, 'quantity', CartMessages.quantityInvalid],
    [{ bookId: 1, quantity: 1000 }, 'quantity', CartMessages.quantityMax],
    [{}, 'bookId', CartMessages.bookIdRequired],
    [{ bookId: -3 }, 'bookId', CartMessages.bookIdInvalid],
    [{ bookId: 2.5 }, 'bookId', CartMessages.bookIdInvalid],
    [{ bookId: 'abc' }, 'bookId', CartMessages.bookIdInvalid],
    [{ bookId: 1e12 }, 'bookId', CartMessages.bookIdInvalid],
  ])('rejects %j naming %s', async (payload, field, message) => {
    expectValidationError(await call('POST', '/api/v1/cart', alice, payload), field, message);
    expect((await getCart(alice)).items).toEqual([]);
  });

  it(`holds at most ${CART_MAX_LINES} different books`, async () => {
    const many: number[] = [];
    for (let i = 0; i < CART_MAX_LINES; i++) many.push(await t.catalogue.createBook(book({ title: `Filler ${i}` })));
    const merged = await call('POST', '/api/v1/cart/merge', bob, {
      items: many.map((bookId) => ({ bookId, quantity: 1 })),
    });
    expect(merged.json().cart.items).toHaveLength(CART_MAX_LINES);
    const res = await add(bob, ids.emma!);
    expectProblem(res, 409);
    expect(res.json().detail).toBe(CartMessages.cartFull);
    // A book already in the cart can still grow.
    expect((await add(bob, many[0]!)).statusCode).toBe(200);
  });
});

describe('PUT /api/v1/cart', () => {
  it('sets the quantity of a line', async () => {
    await add(alice, ids.persuasion!, 1);
    const res = await call('PUT', '/api/v1/cart', alice, { bookId: ids.persuasion, quantity: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toMatchObject([{ id: ids.persuasion, quantity: 5 }]);
  });

  it('drops the line at 0', async () => {
    await add(alice, ids.persuasion!, 2);
    const res = await call('PUT', '/api/v1/cart', alice, { bookId: ids.persuasion, quantity: 0 });
    expect(res.json().items).toEqual([]);
  });

  it('refuses to raise a line beyond stock, with 409', async () => {
    await add(alice, ids.emma!, 1);
    const res = await call('PUT', '/api/v1/cart', alice, { bookId: ids.emma, quantity: 4 });
    expectProblem(res, 409);
    expect(res.json().detail).toBe('Only 3 copies of "Emma" are in stock.');
    expect((await getCart(alice)).items).toMatchObject([{ quantity: 1 }]);
  });

  it('answers a book not in the cart with 404', async () => {
    const res = await call('PUT', '/api/v1/cart', alice, { bookId: ids.emma, quantity: 1 });
    expectProblem(res, 404);
    expect(res.json().detail).toBe(CartMessages.notInCart);
  });

  it('cannot change another customer’s line (404, nothing changed)', async () => {
    await add(alice, ids.persuasion!, 2);
    expectProblem(await call('PUT', '/api/v1/cart', bob, { bookId: ids.persuasion, quantity: 1 }), 404);
    expectProblem(await call('PUT', '/api/v1/cart', bob, { bookId: ids.persuasion, quantity: 0 }), 404);
    expect((await getCart(alice)).items).toMatchObject([{ id: ids.persuasion, quantity: 2 }]);
    expect((await getCart(bob)).items).toEqual([]);
  });

  it.each([
    [{ bookId: 1, quantity: -1 }, 'quantity', CartMessages.quantityNegative],
    [{ bookId: 1, quantity: 0.5 }, 'quantity', CartMessages.quantityInvalid],
    [{ bookId: 1 }, 'quantity', CartMessages.quantityInvalid],
  ])('rejects %j naming %s', async (payload, field, message) => {
    expectValidationError(await call('PUT', '/api/v1/cart', alice, payload), field, message);
  });
});

describe('DELETE /api/v1/cart/delete-item and DELETE /api/v1/cart', () => {
  it('removes one line', async () => {
    await add(alice, ids.emma!);
    await add(alice, ids.persuasion!);
    const res = await call('DELETE', '/api/v1/cart/delete-item', alice, { bookId: ids.emma });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { id: number }) => i.id)).toEqual([ids.persuasion]);
  });

  it('answers a line that is not there with 404', async () => {
    expectProblem(await call('DELETE', '/api/v1/cart/delete-item', alice, { bookId: ids.emma }), 404);
  });

  it('cannot remove another customer’s line (404, nothing changed)', async () => {
    await add(alice, ids.emma!);
    expectProblem(await call('DELETE', '/api/v1/cart/delete-item', bob, { bookId: ids.emma }), 404);
    expect((await getCart(alice)).items).toMatchObject([{ id: ids.emma, quantity: 1 }]);
  });

  it('needs a book id in the body', async () => {
    expectValidationError(
      await call('DELETE', '/api/v1/cart/delete-item', alice, {}),
      'bookId',
      CartMessages.bookIdRequired,
    );
  });

  it('empties only the caller’s cart', async () => {
    await add(alice, ids.emma!);
    await add(bob, ids.persuasion!);
    const res = await call('DELETE', '/api/v1/cart', alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ items: [], itemCount: 0, total: 0 });
    expect((await getCart(bob)).items).toMatchObject([{ id: ids.persuasion }]);
  });
});

describe('lines whose book changed after it was added', () => {
  it('flags a book that sold out or no longer has enough copies, and blocks checkout', async () => {
    const id = await t.catalogue.createBook(book({ title: 'Fading Stock', stockQuantity: 4 }));
    await add(alice, id, 3);
    await setBook(id, { stock: 2 });
    let cart = await getCart(alice);
    expect(cart.items[0]).toMatchObject({ quantity: 3, stockQuantity: 2, isInStock: true, isQuantityAvailable: false });
    expect(cart.canCheckout).toBe(false);

    // Lowering is always allowed, so the customer can step down to what is left.
    expect((await call('PUT', '/api/v1/cart', alice, { bookId: id, quantity: 2 })).json().canCheckout).toBe(true);

    await setBook(id, { stock: 0 });
    cart = await getCart(alice);
    expect(cart.items[0]).toMatchObject({ isInStock: false, isQuantityAvailable: false });
    expect(cart.canCheckout).toBe(false);
  });

  it('flags a price change since the line was added, and records the new price when the line is changed', async () => {
    const id = await t.catalogue.createBook(book({ title: 'Repriced', priceFils: 5000, stockQuantity: 9 }));
    await add(alice, id, 1);
    await setBook(id, { priceFils: 6000, discount: 25 });
    const cart = await getCart(alice);
    expect(cart.items[0]).toMatchObject({ price: 60, discountedPrice: 45, priceWhenAdded: 50, isPriceChanged: true });
    // A price change alone does not block checkout: the customer pays today's price.
    expect(cart.canCheckout).toBe(true);

    const changed = (await add(alice, id, 1)).json();
    expect(changed.items[0]).toMatchObject({ quantity: 2, priceWhenAdded: 45, isPriceChanged: false });
  });
});

describe('POST /api/v1/cart/merge', () => {
  it('adds the guest lines to the server cart, summing quantities', async () => {
    await add(alice, ids.persuasion!, 2);
    const res = await call('POST', '/api/v1/cart/merge', alice, {
      items: [
        { bookId: ids.persuasion, quantity: 3 },
        { bookId: ids.emma, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().adjustments).toEqual([]);
    expect(res.json().cart.items).toMatchObject([
      { id: ids.persuasion, quantity: 5 },
      { id: ids.emma, quantity: 1 },
    ]);
  });

  it('caps quantities by stock and skips unknown and sold-out books, reporting each', async () => {
    await add(alice, ids.emma!, 2);
    const res = await call('POST', '/api/v1/cart/merge', alice, {
      items: [
        { bookId: ids.emma, quantity: 5 },
        { bookId: ids.soldOut, quantity: 1 },
        { bookId: 999_999, quantity: 2 },
        { bookId: ids.lastCopy, quantity: 1 },
        { bookId: ids.lastCopy, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.cart.items).toMatchObject([
      { id: ids.emma, quantity: 3 },
      { id: ids.lastCopy, quantity: 1 },
    ]);
    expect(body.adjustments).toEqual(
      expect.arrayContaining([
        { bookId: ids.emma, requested: 5, added: 1, reason: 'capped-by-stock' },
        { bookId: ids.soldOut, requested: 1, added: 0, reason: 'out-of-stock' },
        { bookId: 999_999, requested: 2, added: 0, reason: 'not-found' },
        { bookId: ids.lastCopy, requested: 2, added: 1, reason: 'capped-by-stock' },
      ]),
    );
    expect(body.adjustments).toHaveLength(4);
  });

  it('merges into the caller’s cart only', async () => {
    await add(alice, ids.emma!, 1);
    await call('POST', '/api/v1/cart/merge', bob, { items: [{ bookId: ids.emma, quantity: 1 }] });
    expect((await getCart(alice)).items).toMatchObject([{ id: ids.emma, quantity: 1 }]);
    expect((await getCart(bob)).items).toMatchObject([{ id: ids.emma, quantity: 1 }]);
  });

  it('accepts an empty guest cart', async () => {
    const res = await call('POST', '/api/v1/cart/merge', alice, { items: [] });
    expect(res.json()).toMatchObject({ cart: { items: [] }, adjustments: [] });
  });

  it.each([
    [{}, 'items', CartMessages.mergeItemsRequired],
    [{ items: [{ bookId: 1, quantity: -2 }] }, 'items.0.quantity', CartMessages.quantityMin],
    [{ items: [{ bookId: 1, quantity: 1.25 }] }, 'items.0.quantity', CartMessages.quantityInvalid],
    [{ items: [{ bookId: 'x', quantity: 1 }] }, 'items.0.bookId', CartMessages.bookIdInvalid],
    [
      { items: Array.from({ length: CART_MAX_LINES + 1 }, (_, i) => ({ bookId: i + 1, quantity: 1 })) },
      'items',
      CartMessages.mergeItemsMax,
    ],
  ])('rejects %j naming %s', async (payload, field, message) => {
    expectValidationError(await call('POST', '/api/v1/cart/merge', alice, payload), field, message);
  });
});

describe(`at most ${MAX_COPIES_PER_TITLE} copies of a title (decision 057)`, () => {
  const plenty = async () => t.catalogue.createBook(book({ title: `Plenty ${Math.random()}`, stockQuantity: 200 }));

  it('adding beyond the cap is 409 inviting a bulk order, counting what is already in the cart', async () => {
    const id = await plenty();
    const tooMany = await add(alice, id, MAX_COPIES_PER_TITLE + 1);
    expectProblem(tooMany, 409);
    expect(tooMany.json().detail).toBe(CheckoutMessages.copiesPerTitleMax);
    expect((await getCart(alice)).items).toEqual([]);

    expect((await add(alice, id, MAX_COPIES_PER_TITLE)).statusCode).toBe(200);
    const oneMore = await add(alice, id, 1);
    expectProblem(oneMore, 409);
    expect(oneMore.json().detail).toBe(CheckoutMessages.copiesPerTitleMax);
    expect((await getCart(alice)).items).toMatchObject([{ id, quantity: MAX_COPIES_PER_TITLE }]);
  });

  it('raising a line beyond the cap is 409; a line above it (kept from before) may be lowered', async () => {
    const id = await plenty();
    await add(alice, id, 5);
    const raised = await call('PUT', '/api/v1/cart', alice, { bookId: id, quantity: MAX_COPIES_PER_TITLE + 1 });
    expectProblem(raised, 409);
    expect(raised.json().detail).toBe(CheckoutMessages.copiesPerTitleMax);
    expect((await getCart(alice)).items).toMatchObject([{ id, quantity: 5 }]);

    await t.db.execute(sql`update cart_items set quantity = 30 where book_id = ${id}`);
    const lowered = await call('PUT', '/api/v1/cart', alice, { bookId: id, quantity: 25 });
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().items).toMatchObject([{ id, quantity: 25 }]);
  });

  it('a guest cart merged at login is capped at the limit and says so', async () => {
    const id = await plenty();
    const res = await call('POST', '/api/v1/cart/merge', alice, { items: [{ bookId: id, quantity: 50 }] });
    expect(res.json().cart.items).toMatchObject([{ id, quantity: MAX_COPIES_PER_TITLE }]);
    expect(res.json().adjustments).toEqual([
      { bookId: id, requested: 50, added: MAX_COPIES_PER_TITLE, reason: 'capped-by-stock' },
    ]);
  });
});

describe('concurrent requests', () => {
  it('never lets two adds together exceed the stock', async () => {
    const id = await t.catalogue.createBook(book({ title: 'Contested', stockQuantity: 3 }));
    const results = await Promise.all([add(alice, id, 2), add(alice, id, 2), add(alice, id, 2)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await getCart(alice)).items).toMatchObject([{ id, quantity: 2 }]);
  });
});
