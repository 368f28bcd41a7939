import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AddressMessages } from '@bookshop/contracts/addresses';
import { DeliveryMessages } from '@bookshop/contracts/delivery';
import { EmirateMessages, emirateOfCity } from '@bookshop/contracts/emirates';
import { RoleName } from '@bookshop/contracts/enums';
import type { Order, StaffOrder } from '@bookshop/contracts/orders';
import {
  callAs,
  createCustomer,
  createStaff,
  expectProblem,
  expectValidationError,
  testBook,
  type TestAccount,
} from '../../test/app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { rows } from '../../platform/db.ts';
import { addAddress, checkout, createSession, fillCart, getOrder } from '../checkout/testing.ts';

/**
 * Where the shop delivers (issue 22, decision 079): the quote and checkout judge the address by
 * each method's zone; UAE addresses carry an emirate, chosen or derived from the city; any address
 * may name whom the parcel is handed to.
 */
const { t } = useTestApp({ quietJobs: true });
let alice: TestAccount;
let bob: TestAccount;
let staff: TestAccount;
let fast: number;
let orderCount: () => Promise<number>;

const london = {
  address: '221B Baker Street',
  country: 'GB',
  city: 'London',
  phoneNo: '020 7946 0958',
  zipCode: 'NW1 6XE',
};
const uae = (city: string, extra: object = {}) => ({
  address: 'Villa 12, Street 5',
  country: 'AE',
  city,
  phoneNo: '050 123 4567',
  ...extra,
});

beforeAll(async () => {
  fast = await t.catalogue.createBook(
    testBook({ title: 'Zones Next Day', priceFils: 4000, stockQuantity: 100, nextDayEligible: true }),
  );
  alice = await createCustomer(t, { firstName: 'Layla', lastName: 'Haddad' });
  bob = await createCustomer(t);
  staff = await createStaff(t, RoleName.Supervisor);
  orderCount = async () => Number((await rows<{ n: string }>(t.db, sql`select count(*)::text as n from orders`))[0]!.n);
});

const quote = (who: TestAccount, addressId?: number) =>
  callAs(
    t,
    'GET',
    `/api/v1/customers-addresses/delivery-methods${addressId === undefined ? '' : `?addressId=${addressId}`}`,
    who,
  );

const outside = 'We deliver only to addresses in the United Arab Emirates. Choose another address.';
const nextDayAreas = 'Next-Day Delivery is offered only to addresses in Dubai, Sharjah, Ajman and Abu Dhabi city.';

describe('GET delivery-methods?addressId=', () => {
  it('refuses a London address with 409 saying where the shop delivers', async () => {
    await fillCart(t, alice, { [fast]: 1 });
    const id = await addAddress(t, alice, london);
    const res = await quote(alice, id);
    expectProblem(res, 409);
    expect(res.json<{ detail: string }>().detail).toBe(outside);
  });

  it('offers standard but not next-day delivery to Fujairah, saying why', async () => {
    await fillCart(t, alice, { [fast]: 1 });
    const id = await addAddress(t, alice, uae('Fujairah'));
    const res = await quote(alice, id);
    expect(res.statusCode, res.body).toBe(200);
    const [standard, nextDay] = res.json<{ methods: { isAvailable: boolean; unavailableReason: string | null }[] }>()
      .methods;
    expect(standard).toMatchObject({ isAvailable: true, unavailableReason: null });
    expect(nextDay).toMatchObject({ isAvailable: false, unavailableReason: nextDayAreas });
  });

  it('offers next-day delivery to Dubai and to Abu Dhabi city, not to Al Ain', async () => {
    await fillCart(t, alice, { [fast]: 1 });
    for (const [city, offered] of [
      ['Dubai', true],
      ['Abu Dhabi', true],
      ['Al Ain', false],
    ] as const) {
      const res = await quote(alice, await addAddress(t, alice, uae(city)));
      expect(res.json<{ methods: { isAvailable: boolean }[] }>().methods[1]!.isAvailable, city).toBe(offered);
    }
  });

  it('asks for the emirate when a UAE city names none', async () => {
    await fillCart(t, alice, { [fast]: 1 });
    const id = await addAddress(t, alice, uae('Villa Springs'));
    const nextDay = (await quote(alice, id)).json<{ methods: { unavailableReason: string | null }[] }>().methods[1];
    expect(nextDay!.unavailableReason).toBe(`${nextDayAreas} ${DeliveryMessages.emirateMissing}`);
  });

  it('lists where each method is offered, and still quotes without an address', async () => {
    const res = await quote(alice);
    expect(res.statusCode, res.body).toBe(200);
    const [standard, nextDay] = res.json<{ methods: { isAvailable: boolean; areas: { name: string }[] }[] }>().methods;
    expect(standard!.areas).toEqual([
      { country: 'AE', emirate: null, cities: null, name: 'all seven emirates of the UAE' },
    ]);
    expect(nextDay!.areas.map((a) => a.name)).toEqual(['Dubai', 'Sharjah', 'Ajman', 'Abu Dhabi city']);
  });

  it("answers 404 for another customer's address and 400 for a bad id", async () => {
    const bobs = await addAddress(t, bob, uae('Dubai'));
    expectProblem(await quote(alice, bobs), 404);
    const bad = await callAs(t, 'GET', '/api/v1/customers-addresses/delivery-methods?addressId=abc', alice);
    expectValidationError(bad, 'addressId', AddressMessages.idInvalid);
  });
});

describe('create-session refuses an address outside the zones (409, nothing reserved)', () => {
  it('a London address for Standard Delivery', async () => {
    await fillCart(t, alice, { [fast]: 1 });
    const id = await addAddress(t, alice, london);
    const before = await orderCount();
    const res = await createSession(t, alice, id, 'standard');
    expectProblem(res, 409);
    expect(res.json<{ detail: string }>().detail).toBe(outside);
    expect(await orderCount()).toBe(before);
  });

  it('Next-Day Delivery to Fujairah', async () => {
    await fillCart(t, alice, { [fast]: 1 });
    const id = await addAddress(t, alice, uae('Fujairah'));
    const before = await orderCount();
    const res = await createSession(t, alice, id, 'next-day');
    expectProblem(res, 409);
    expect(res.json<{ detail: string }>().detail).toBe(nextDayAreas);
    expect(await orderCount()).toBe(before);
  });

  it('accepts Next-Day Delivery to Sharjah, and the order keeps the emirate and whom to hand it to', async () => {
    await fillCart(t, alice, { [fast]: 1 });
    const id = await addAddress(t, alice, uae('Khor Fakkan'));
    const session = await checkout(t, alice, id, 'next-day');
    const order: Order = await getOrder(t, alice, session.orderId);
    expect(order.address).toMatchObject({ city: 'Khor Fakkan', emirate: 'Sharjah', recipientName: 'Layla Haddad' });
    const staffView = await callAs(t, 'GET', `/api/v1/orders/${session.orderId}`, staff);
    expect(staffView.json<StaffOrder>().address.recipientName).toBe('Layla Haddad');
  });

  it('hands the parcel to the recipient the address names', async () => {
    await fillCart(t, alice, { [fast]: 1 });
    const id = await addAddress(t, alice, uae('Dubai', { recipientName: 'Omar at reception' }));
    const session = await checkout(t, alice, id, 'standard');
    expect((await getOrder(t, alice, session.orderId)).address.recipientName).toBe('Omar at reception');
  });
});

// Each test below starts with bob's address book empty: a customer may keep at most 20.
beforeEach(async () => {
  await t.db.execute(sql`delete from customer_addresses where customer_id = ${bob.id}`);
});

describe('the address emirate', () => {
  const create = async (body: object) => {
    const res = await callAs(t, 'POST', '/api/v1/customers-addresses', bob, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number; emirate: string | null; recipientName: string | null }>();
  };

  it.each([
    ['Dubai', 'Dubai'],
    ['dubai', 'Dubai'],
    ['Al Ain', 'Abu Dhabi'],
    ['Al-Ain City', 'Abu Dhabi'],
    ['Abu Dhabi', 'Abu Dhabi'],
    ['Khor Fakkan', 'Sharjah'],
    ['Khorfakkan', 'Sharjah'],
    ['Ajman', 'Ajman'],
    ['Umm Al Quwain', 'Umm Al Quwain'],
    ['RAK', 'Ras Al Khaimah'],
    ['Ras Al Khaimah', 'Ras Al Khaimah'],
    ['Fujairah', 'Fujairah'],
    ['دبي', 'Dubai'],
    // Dibba is split between emirates (and Oman): not derived.
    ['Dibba', null],
    ['Springfield', null],
  ])('derives %s → %s when the payload has no emirate', async (city, emirate) => {
    expect((await create(uae(city))).emirate).toBe(emirate);
  });

  it('keeps the emirate the customer chose over the city', async () => {
    expect((await create(uae('Dubai', { emirate: 'Sharjah' }))).emirate).toBe('Sharjah');
  });

  it('has none outside the UAE, whatever is sent', async () => {
    expect((await create({ ...london, emirate: 'Dubai' })).emirate).toBeNull();
  });

  it('refuses an emirate that is not one of the seven', async () => {
    const res = await callAs(t, 'POST', '/api/v1/customers-addresses', bob, uae('Dubai', { emirate: 'Muscat' }));
    expectValidationError(res, 'emirate', EmirateMessages.invalid);
  });

  it('is changed by PUT and derived again when a PUT leaves it out', async () => {
    const { id } = await create(uae('Dubai'));
    const put = (body: object) => callAs(t, 'PUT', '/api/v1/customers-addresses', bob, { id, ...body });
    expect((await put(uae('Dubai', { emirate: 'Ajman' }))).json<{ emirate: string }>().emirate).toBe('Ajman');
    expect((await put(uae('Al Ain'))).json<{ emirate: string }>().emirate).toBe('Abu Dhabi');
    const read = await callAs(t, 'GET', `/api/v1/customers-addresses/${id}`, bob);
    expect(read.json()).toMatchObject({ city: 'Al Ain', emirate: 'Abu Dhabi' });
  });
});

describe('the address recipientName', () => {
  it('is optional (null: the customer), trimmed, and bounded', async () => {
    const plain = await callAs(t, 'POST', '/api/v1/customers-addresses', bob, uae('Dubai'));
    expect(plain.json<{ recipientName: string | null }>().recipientName).toBeNull();
    const blank = await callAs(t, 'POST', '/api/v1/customers-addresses', bob, uae('Dubai', { recipientName: '  ' }));
    expect(blank.json<{ recipientName: string | null }>().recipientName).toBeNull();
    const named = await callAs(
      t,
      'POST',
      '/api/v1/customers-addresses',
      bob,
      uae('Dubai', { recipientName: ' Sara Ali ' }),
    );
    expect(named.json<{ recipientName: string | null }>().recipientName).toBe('Sara Ali');
    const long = await callAs(
      t,
      'POST',
      '/api/v1/customers-addresses',
      bob,
      uae('Dubai', { recipientName: 'x'.repeat(101) }),
    );
    expectValidationError(long, 'recipientName', AddressMessages.recipientNameMax);
    const reordered = await callAs(
      t,
      'POST',
      '/api/v1/customers-addresses',
      bob,
      uae('Dubai', { recipientName: 'Sara \u202Eila' }),
    );
    expectValidationError(reordered, 'recipientName');
  });
});

describe('migration 0021', () => {
  it('fills existing UAE addresses with the emirate their city names, as the API derives it', async () => {
    const cities = [
      'Dubai',
      'al-ain city',
      'Khor Fakkan',
      'RAK',
      'Umm Al Quwain',
      'Abu Dhabi City',
      'Dibba',
      'Springfield',
    ];
    for (const city of cities) await addAddress(t, bob, uae(city));
    await addAddress(t, bob, { ...london, city: 'Dubai' });
    // As they stood before the migration: no emirate.
    await t.db.execute(sql`update customer_addresses set emirate = null where customer_id = ${bob.id}`);
    const migration = readFileSync(new URL('../../../migrations/0021_delivery_zones.sql', import.meta.url), 'utf8');
    // The town table, the two fills and its drop, in the migration's order.
    for (const statement of migration.split('--> statement-breakpoint'))
      if (statement.includes('"emirate_towns"')) await t.db.execute(sql.raw(statement));
    const filled = await rows<{ city: string; country: string; emirate: string | null }>(
      t.db,
      sql`select city, country, emirate from customer_addresses where customer_id = ${bob.id} order by id`,
    );
    expect(filled).toEqual([
      ...cities.map((city) => ({ city, country: 'AE', emirate: emirateOfCity(city) })),
      { city: 'Dubai', country: 'GB', emirate: null },
    ]);
    expect(filled.filter((row) => row.emirate !== null)).toHaveLength(6);
  });
});
