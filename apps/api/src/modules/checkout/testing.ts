import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CheckoutSession } from '@bookshop/contracts/checkout';
import type { Order } from '@bookshop/contracts/orders';
import { callAs, type TestAccount, type TestApp } from '../../test/app.ts';
import { rows } from '../../platform/db.ts';

/** Shared steps of the checkout tests: a customer with an address and a cart, going to pay. */

export const dubai = {
  address: 'Villa 12, Street 5, Jumeirah 1',
  country: 'AE',
  city: 'Dubai',
  phoneNo: '050 123 4567',
};

export async function addAddress(
  t: TestApp,
  who: TestAccount,
  fields: Record<string, unknown> = dubai,
): Promise<number> {
  const res = await callAs(t, 'POST', '/api/v1/customers-addresses', who, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

export async function fillCart(t: TestApp, who: TestAccount, lines: Record<number, number>) {
  await callAs(t, 'DELETE', '/api/v1/cart', who);
  for (const [bookId, quantity] of Object.entries(lines)) {
    const res = await callAs(t, 'POST', '/api/v1/cart', who, { bookId: Number(bookId), quantity });
    expect(res.statusCode, res.body).toBe(200);
  }
}

export const createSession = (t: TestApp, who: TestAccount, addressId: number, deliveryMethod = 'standard') =>
  callAs(t, 'POST', '/api/v1/checkout/create-session', who, { addressId, deliveryMethod });

/** create-session that must succeed. */
export async function checkout(t: TestApp, who: TestAccount, addressId: number, deliveryMethod = 'standard') {
  const res = await createSession(t, who, addressId, deliveryMethod);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CheckoutSession>();
}

export async function getOrder(t: TestApp, who: TestAccount, id: number): Promise<Order> {
  const res = await callAs(t, 'GET', `/api/v1/orders/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Order>();
}

/** What the storefront shows as copies for sale. */
export async function stockOf(t: Pick<TestApp, 'app'>, title: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/books/${encodeURIComponent(title)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ stockQuantity: number }>().stockQuantity;
}

/** Moves the clock for one order: its session and expiry job are now due. */
export async function expireNow(t: TestApp, orderId: number) {
  const past = new Date(Date.now() - 60_000);
  await t.db.execute(sql`update orders set expires_at = ${past.toISOString()}::timestamptz where id = ${orderId}`);
  await t.db.execute(
    sql`update jobs set run_at = ${past.toISOString()}::timestamptz where kind = 'checkout.expire' and payload->>'orderId' = ${String(orderId)}`,
  );
}

export const cartBookIds = async (t: TestApp, who: TestAccount) =>
  (await callAs(t, 'GET', '/api/v1/cart', who)).json<{ items: { id: number; quantity: number }[] }>().items;

export const countRows = async (t: TestApp, query: ReturnType<typeof sql>) =>
  Number((await rows<{ n: string | number }>(t.db, query))[0]?.n ?? 0);

/** A webhook event in Stripe's shape, signed with the SDK's own test helper. */
export function signedEvent(
  secret: string,
  type: string,
  session: object,
  options: { id?: string; timestamp?: number } = {},
): { payload: string; signature: string; id: string } {
  const id = options.id ?? `evt_${randomBytes(12).toString('hex')}`;
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: session },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: options.timestamp });
  return { payload, signature, id };
}

export const deliver = (t: TestApp, event: { payload: string; signature?: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/checkout/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(event.signature !== undefined && { 'stripe-signature': event.signature }),
    },
    payload: event.payload,
  });

/** Mails to `to` whose subject names the order. */
export const confirmations = (smtp: { mails: { to: string[]; subject: string }[] }, to: string, number: string) =>
  smtp.mails.filter((mail) => mail.to.includes(to.toLowerCase()) && mail.subject.includes(number));

/** The customer fills in the sandbox's hosted page and presses Pay. */
export const payOnSandboxPage = (t: TestApp, url: string, cardNumber = '4242 4242 4242 4242') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      email: 'buyer@example.com',
      cardNumber,
      expiry: '12 / 34',
      cvc: '123',
      cardholderName: 'Alice Buyer',
    }).toString(),
  });

/**
 * The customer buys one copy of each book through the sandbox's hosted page and returns to the
 * success page, so the order is Completed (what reviews ask for). Answers the order id.
 */
export async function completePurchase(t: TestApp, who: TestAccount, bookIds: number[]): Promise<number> {
  const addressId = await addAddress(t, who);
  await fillCart(t, who, Object.fromEntries(bookIds.map((id) => [id, 1])));
  const session = await checkout(t, who, addressId);
  const paid = await payOnSandboxPage(t, session.url);
  expect(paid.statusCode, paid.body).toBe(303);
  const success = await callAs(t, 'GET', `/api/v1/checkout/checkout-success?sessionId=${session.sessionId}`, who);
  expect(success.json<Order>().status, success.body).toBe(2);
  return session.orderId;
}
