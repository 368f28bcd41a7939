import { beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages } from '@bookshop/contracts/auth';
import type { CheckoutSession } from '@bookshop/contracts/checkout';
import { RoleName } from '@bookshop/contracts/enums';
import { CancelReasons, OrderMessages, OrderSchema } from '@bookshop/contracts/orders';
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
import { addAddress, checkout, expireNow, fillCart, getOrder, payOnSandboxPage, stockOf } from '../checkout/testing.ts';

/**
 * Unpaid orders (decision 072): the customer's own Pending order offers its payment page again
 * (`GET v1/orders/{id}/payment-session`) and can be cancelled (`POST v1/orders/{id}/cancel`);
 * one whose 30 minutes are up says so. The TEST MODE sandbox is the provider here.
 */

const { t } = useTestApp({ quietJobs: true });
let alice: TestAccount;
let bob: TestAccount;
let staff: TestAccount;
let addressId: number;
let bookId: number;
const TITLE = 'Unpaid Matters';

const call = (method: Method, url: string, who?: TestAccount, payload?: unknown) =>
  callAs(t, method, url, who, payload);
const payNow = (who: TestAccount, orderId: number) => call('GET', `/api/v1/orders/${orderId}/payment-session`, who);
const cancel = (who: TestAccount, orderId: number) => call('POST', `/api/v1/orders/${orderId}/cancel`, who);

/** Alice checks out two copies and leaves the payment page unpaid. */
async function leaveUnpaid(): Promise<CheckoutSession> {
  await fillCart(t, alice, { [bookId]: 2 });
  return checkout(t, alice, addressId);
}

beforeAll(async () => {
  bookId = await t.catalogue.createBook(testBook({ title: TITLE, stockQuantity: 10 }));
  alice = await createCustomer(t);
  bob = await createCustomer(t);
  staff = await createStaff(t, RoleName.Admin);
  addressId = await addAddress(t, alice);
});

describe('who may pay or cancel an order', () => {
  const routes: CustomerRoute[] = [
    ['ask for the payment page of an order', 'GET', '/api/v1/orders/1/payment-session'],
    ['cancel an order', 'POST', '/api/v1/orders/1/cancel'],
  ];
  itRefusesGuestsAndStaff(
    routes,
    call,
    () => staff,
    (res) => expect(res.json().detail).toBe(AuthMessages.signInRequired),
  );

  it("another customer's order is 404, as if it did not exist, and is left as it was", async () => {
    const session = await leaveUnpaid();
    for (const res of [await payNow(bob, session.orderId), await cancel(bob, session.orderId)]) {
      expectProblem(res, 404);
      expect(res.json().detail).toBe(OrderMessages.notFound);
    }
    expect((await getOrder(t, alice, session.orderId)).status).toBe(1);
    expect((await payNow(alice, session.orderId)).statusCode).toBe(200);
  });

  it('an order that does not exist is 404; an id that is not one is 400 with the field', async () => {
    expectProblem(await payNow(alice, 2_000_000_000), 404);
    expectProblem(await cancel(alice, 2_000_000_000), 404);
    expectValidationError(await payNow(alice, 'x' as unknown as number), 'id', OrderMessages.idInvalid);
    expectValidationError(await cancel(alice, 0), 'id', OrderMessages.idInvalid);
  });
});

describe('Pay now', () => {
  it('answers the same payment page while it lasts, and paying it there completes the order', async () => {
    const session = await leaveUnpaid();
    const res = await payNow(alice, session.orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CheckoutSession>()).toEqual(session);
    expect(res.headers['cache-control']).toContain('no-store');

    expect((await payOnSandboxPage(t, session.url)).statusCode).toBe(303);
    await call('GET', `/api/v1/checkout/checkout-success?sessionId=${session.sessionId}`, alice);
    expect((await getOrder(t, alice, session.orderId)).status).toBe(2);
    expect(await stockOf(t, TITLE)).toBe(8);

    const after = await payNow(alice, session.orderId);
    expectProblem(after, 409);
    expect(after.json().detail).toBe(OrderMessages.notAwaitingPayment);
  });

  it('an order whose 30 minutes are up is cancelled, says why, and gives its copies back', async () => {
    const before = await stockOf(t, TITLE);
    const session = await leaveUnpaid();
    await expireNow(t, session.orderId);
    const res = await payNow(alice, session.orderId);
    expectProblem(res, 409);
    expect(res.json().detail).toBe(OrderMessages.notAwaitingPayment);
    const order = await getOrder(t, alice, session.orderId);
    expect(order.status).toBe(3);
    expect(order.cancelReason).toBe('Payment was not completed within 30 minutes');
    expect(await stockOf(t, TITLE)).toBe(before);
    // Its page can no longer be paid.
    expect((await payOnSandboxPage(t, session.url)).statusCode).toBe(410);
  });

  it('the expiry job says why too', async () => {
    const session = await leaveUnpaid();
    await expireNow(t, session.orderId);
    await t.app.jobs.runDue();
    const order = await getOrder(t, alice, session.orderId);
    expect(order.status).toBe(3);
    expect(order.cancelReason).toBe(CancelReasons.expired);
  });

  it('a checkout of the unchanged cart answers the same order and page (one order number)', async () => {
    const session = await leaveUnpaid();
    expect(await checkout(t, alice, addressId)).toEqual(session);
    expect((await payNow(alice, session.orderId)).json<CheckoutSession>()).toEqual(session);
  });

  it('a changed cart replaces the open order, which says why', async () => {
    const first = await leaveUnpaid();
    await fillCart(t, alice, { [bookId]: 1 });
    const second = await checkout(t, alice, addressId);
    expect(second.orderId).not.toBe(first.orderId);
    expect((await getOrder(t, alice, first.orderId)).cancelReason).toBe(CancelReasons.replaced);
    expectProblem(await payNow(alice, first.orderId), 409);
  });
});

describe('Cancel', () => {
  it('cancels the Pending order with a reason, gives its copies back and expires its page; the cart is kept', async () => {
    const session = await leaveUnpaid();
    const held = await stockOf(t, TITLE);

    const res = await cancel(alice, session.orderId);
    expect(res.statusCode, res.body).toBe(200);
    const order = OrderSchema.parse(res.json());
    expect(order).toMatchObject({ id: session.orderId, status: 3, cancelReason: CancelReasons.byCustomer });
    expect(order.refundStatus).toBeNull();
    expect(order.history.map((h) => h.status)).toEqual([1, 3]);
    expect(await stockOf(t, TITLE)).toBe(held + 2);
    expect((await payOnSandboxPage(t, session.url)).statusCode).toBe(410);
    const cart = await call('GET', '/api/v1/cart', alice);
    expect(cart.json<{ items: { id: number; quantity: number }[] }>().items).toEqual([
      expect.objectContaining({ id: bookId, quantity: 2 }),
    ]);
  });

  it('a second cancel, Pay now after it, or cancelling a paid order is 409 and changes nothing', async () => {
    const session = await leaveUnpaid();
    expect((await cancel(alice, session.orderId)).statusCode).toBe(200);
    const stock = await stockOf(t, TITLE);
    for (const res of [await cancel(alice, session.orderId), await payNow(alice, session.orderId)]) {
      expectProblem(res, 409);
      expect(res.json().detail).toBe(OrderMessages.notAwaitingPayment);
    }
    expect(await stockOf(t, TITLE)).toBe(stock);
    expect((await getOrder(t, alice, session.orderId)).history.map((h) => h.status)).toEqual([1, 3]);

    const paid = await leaveUnpaid();
    expect((await payOnSandboxPage(t, paid.url)).statusCode).toBe(303);
    await call('GET', `/api/v1/checkout/checkout-success?sessionId=${paid.sessionId}`, alice);
    expectProblem(await cancel(alice, paid.orderId), 409);
    expect((await getOrder(t, alice, paid.orderId)).status).toBe(2);
  });

  it('a page paid just before the cancel completes the order instead: 409, nothing released', async () => {
    const session = await leaveUnpaid();
    // Paid on the sandbox page; the success page and the webhook have not arrived yet.
    expect((await payOnSandboxPage(t, session.url)).statusCode).toBe(303);
    const stock = await stockOf(t, TITLE);
    const res = await cancel(alice, session.orderId);
    expectProblem(res, 409);
    expect(res.json().detail).toBe(OrderMessages.notAwaitingPayment);
    const order = await getOrder(t, alice, session.orderId);
    expect(order.status).toBe(2);
    expect(order.cancelReason).toBeNull();
    expect(await stockOf(t, TITLE)).toBe(stock);
  });
});
