import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { startStripeStandin, type StripeStandin } from '../../test/stripe-standin.ts';
import {
  type CreateSessionInput,
  type PaymentProvider,
  ProviderUnavailableError,
  RefundRefusedError,
  WebhookSignatureError,
} from './provider.ts';
import { createStripeProvider, STRIPE_EXPIRY_MARGIN_SECONDS } from './stripe-provider.ts';

const WEBHOOK_SECRET = 'whsec_test_provider_secret';

let standin: StripeStandin;
let stripe: PaymentProvider;

beforeAll(async () => {
  standin = await startStripeStandin();
  stripe = createStripeProvider({
    secretKey: standin.secretKey,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: standin.url,
    maxNetworkRetries: 0,
  });
});
afterAll(() => standin.close());

let orderId = 1000;
const sessionInput = (overrides: Partial<CreateSessionInput> = {}): CreateSessionInput => {
  const id = ++orderId;
  return {
    orderId: id,
    orderNumber: `BK-${String(id).padStart(6, '0')}`,
    customerEmail: 'reader@example.com',
    lines: [
      {
        title: 'Pride and Prejudice',
        unitAmountFils: 4250,
        quantity: 2,
        imageUrl: 'https://shop.example/images/p.webp',
      },
      { title: 'Emma', unitAmountFils: 3000, quantity: 1, imageUrl: '/images/emma.webp' },
    ],
    delivery: { name: 'Next-day delivery', amountFils: 2500 },
    expiresAt: new Date(Math.floor(Date.now() / 1000) * 1000 + 30 * 60 * 1000),
    successUrl: 'https://shop.example/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://shop.example/checkout/cancel?session_id={CHECKOUT_SESSION_ID}',
    idempotencyKey: `order-${id}-${randomBytes(4).toString('hex')}`,
    ...overrides,
  };
};

const lastRequest = (method: string, path: string) =>
  standin.requests.filter((r) => r.method === method && r.path === path).at(-1)!;

describe('Stripe provider: Checkout Sessions', () => {
  it('creates a payment-mode session in AED fils from the order, the delivery fee as its own line', async () => {
    const input = sessionInput();
    const session = await stripe.createSession(input);

    const sent = lastRequest('POST', '/v1/checkout/sessions');
    expect(sent.headers.authorization).toBe(`Bearer ${standin.secretKey}`);
    expect(sent.idempotencyKey).toBe(input.idempotencyKey);
    expect(sent.body).toEqual({
      mode: 'payment',
      line_items: [
        {
          price_data: {
            currency: 'aed',
            unit_amount: '4250',
            product_data: { name: 'Pride and Prejudice', images: ['https://shop.example/images/p.webp'] },
          },
          quantity: '2',
        },
        // A relative cover path is not sent: Stripe only shows absolute, public images.
        { price_data: { currency: 'aed', unit_amount: '3000', product_data: { name: 'Emma' } }, quantity: '1' },
        {
          price_data: { currency: 'aed', unit_amount: '2500', product_data: { name: 'Next-day delivery' } },
          quantity: '1',
        },
      ],
      client_reference_id: String(input.orderId),
      metadata: { orderId: String(input.orderId), orderNumber: input.orderNumber },
      customer_email: 'reader@example.com',
      // Checkout's 30 minutes, plus a fixed margin: Stripe counts from when it receives the call.
      expires_at: String(input.expiresAt.getTime() / 1000 + STRIPE_EXPIRY_MARGIN_SECONDS),
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    });

    expect(session).toEqual({
      id: expect.stringMatching(/^cs_test_/),
      url: `${standin.url}/c/pay/${session.id}`,
      status: 'open',
      paymentStatus: 'unpaid',
      clientReferenceId: String(input.orderId),
      metadata: { orderId: String(input.orderId), orderNumber: input.orderNumber },
      amountTotalFils: 2 * 4250 + 3000 + 2500,
      currency: 'aed',
      expiresAt: new Date(input.expiresAt.getTime() + STRIPE_EXPIRY_MARGIN_SECONDS * 1000),
      paymentIntentId: null,
    });
  });

  it('is not refused when the 30-minute reservation began a while before the call', async () => {
    // Checkout counts 30 minutes from its transaction; by the call, Stripe sees less than that.
    const reservedAt = Date.now() - 20_000;
    const session = await stripe.createSession(sessionInput({ expiresAt: new Date(reservedAt + 30 * 60 * 1000) }));
    expect(session.status).toBe('open');
    expect(lastRequest('POST', '/v1/checkout/sessions').status).toBe(200);
  });

  it('sends no delivery line when delivery is free', async () => {
    const session = await stripe.createSession(
      sessionInput({ delivery: { name: 'Standard delivery', amountFils: 0 } }),
    );
    const sent = lastRequest('POST', '/v1/checkout/sessions').body as { line_items: unknown[] };
    expect(sent.line_items).toHaveLength(2);
    expect(session.amountTotalFils).toBe(2 * 4250 + 3000);
  });

  it('makes one session per order: a retried create with the same idempotency key answers the first one', async () => {
    const input = sessionInput();
    const before = standin.sessions.size;
    const first = await stripe.createSession(input);
    const again = await stripe.createSession(input);
    expect(again.id).toBe(first.id);
    expect(standin.sessions.size).toBe(before + 1);
  });

  it('retrieves a session as Stripe reports it, and undefined for an id Stripe does not know', async () => {
    const created = await stripe.createSession(sessionInput());
    expect(await stripe.retrieveSession(created.id)).toEqual(created);

    standin.pay(created.id);
    const paid = await stripe.retrieveSession(created.id);
    expect(paid).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      paymentIntentId: expect.stringMatching(/^pi_/),
    });

    expect(await stripe.retrieveSession('cs_test_nobody')).toBeUndefined();
    const miss = standin.requests.at(-1)!;
    expect(miss).toMatchObject({ method: 'GET', path: '/v1/checkout/sessions/cs_test_nobody', status: 404 });
  });

  it('expires an open session, and answers a paid or expired one as it is instead of failing', async () => {
    const open = await stripe.createSession(sessionInput());
    expect(await stripe.expireSession(open.id)).toMatchObject({ id: open.id, status: 'expired', url: null });
    // Expired already: Stripe refuses (400); the provider answers the session as it now is.
    expect(await stripe.expireSession(open.id)).toMatchObject({ id: open.id, status: 'expired' });
    expect(lastRequest('POST', `/v1/checkout/sessions/${open.id}/expire`).status).toBe(400);

    const raced = await stripe.createSession(sessionInput());
    standin.pay(raced.id);
    expect(await stripe.expireSession(raced.id)).toMatchObject({
      id: raced.id,
      status: 'complete',
      paymentStatus: 'paid',
      paymentIntentId: expect.stringMatching(/^pi_/),
    });
  });

  it('refunds a paid session by its payment intent, once', async () => {
    const session = await stripe.createSession(sessionInput());
    const paid = standin.pay(session.id);
    const key = `refund-${session.id}`;

    const refund = await stripe.refund({ sessionId: session.id, idempotencyKey: key });
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), status: 'succeeded', amountFils: paid.amount_total });
    expect(lastRequest('POST', '/v1/refunds').body).toEqual({ payment_intent: paid.payment_intent });

    // The same key (a retried staff action) answers the same refund; a new one is refused.
    expect(await stripe.refund({ sessionId: session.id, idempotencyKey: key })).toEqual(refund);
    await expect(stripe.refund({ sessionId: session.id, idempotencyKey: `${key}-again` })).rejects.toThrow(
      RefundRefusedError,
    );
  });

  it('refunds part of a payment when asked, and refuses a session that was never paid', async () => {
    const session = await stripe.createSession(sessionInput());
    standin.pay(session.id);
    const part = await stripe.refund({ sessionId: session.id, amountFils: 2500, idempotencyKey: `part-${session.id}` });
    expect(part.amountFils).toBe(2500);
    expect(lastRequest('POST', '/v1/refunds').body).toMatchObject({ amount: '2500' });

    const unpaid = await stripe.createSession(sessionInput());
    await expect(stripe.refund({ sessionId: unpaid.id, idempotencyKey: `r-${unpaid.id}` })).rejects.toThrow(
      RefundRefusedError,
    );
  });
});

describe('Stripe provider: unavailability', () => {
  it('reports a server error or an unreachable Stripe as ProviderUnavailableError', async () => {
    standin.failNext(500);
    await expect(stripe.createSession(sessionInput())).rejects.toThrow(ProviderUnavailableError);
    standin.failNext(503);
    await expect(stripe.retrieveSession('cs_test_any')).rejects.toThrow(ProviderUnavailableError);

    const gone = await startStripeStandin();
    await gone.close();
    const unreachable = createStripeProvider({
      secretKey: gone.secretKey,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: gone.url,
      maxNetworkRetries: 0,
    });
    await expect(unreachable.retrieveSession('cs_test_any')).rejects.toThrow(ProviderUnavailableError);
  });

  it('retries a server error with the same idempotency key, so the retry makes no second session', async () => {
    const retrying = createStripeProvider({
      secretKey: standin.secretKey,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: standin.url,
      maxNetworkRetries: 1,
    });
    const input = sessionInput();
    standin.failNext(500);
    const before = standin.requests.length;
    const session = await retrying.createSession(input);
    const attempts = standin.requests.slice(before);
    expect(attempts.map((r) => r.status)).toEqual([500, 200]);
    expect(attempts.map((r) => r.idempotencyKey)).toEqual([input.idempotencyKey, input.idempotencyKey]);
    expect(await stripe.retrieveSession(session.id)).toMatchObject({ status: 'open' });
  });

  it('does not hide a wrong secret key as unavailability', async () => {
    const wrongKey = createStripeProvider({
      secretKey: 'sk_test_wrong',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: standin.url,
      maxNetworkRetries: 0,
    });
    const error = await wrongKey.retrieveSession('cs_test_any').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(standin.requests.at(-1)!.status).toBe(401);
  });
});

describe('Stripe provider: webhook signatures', () => {
  const completedEvent = (sessionId = 'cs_test_signed') =>
    JSON.stringify({
      id: 'evt_test_1',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          url: null,
          status: 'complete',
          payment_status: 'paid',
          client_reference_id: '42',
          metadata: { orderId: '42', orderNumber: 'BK-000042' },
          amount_total: 11000,
          currency: 'aed',
          expires_at: 1_800_000_000,
          payment_intent: 'pi_test_1',
        },
      },
    });
  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
    });

  it('accepts a correctly signed event and maps its session', () => {
    const payload = completedEvent();
    const event = stripe.verifyEvent(Buffer.from(payload), sign(payload));
    expect(event).toEqual({
      id: 'evt_test_1',
      type: 'checkout.session.completed',
      created: expect.any(Number),
      session: {
        id: 'cs_test_signed',
        url: null,
        status: 'complete',
        paymentStatus: 'paid',
        clientReferenceId: '42',
        metadata: { orderId: '42', orderNumber: 'BK-000042' },
        amountTotalFils: 11000,
        currency: 'aed',
        expiresAt: new Date(1_800_000_000_000),
        paymentIntentId: 'pi_test_1',
      },
    });
  });

  it('refuses a tampered body, a wrong secret, a stale or future timestamp and a missing header', () => {
    const payload = completedEvent();
    const tampered = payload.replace('"amount_total":11000', '"amount_total":1');
    expect(() => stripe.verifyEvent(tampered, sign(payload))).toThrow(WebhookSignatureError);
    expect(() => stripe.verifyEvent(payload, sign(payload, { secret: 'whsec_someone_else' }))).toThrow(
      WebhookSignatureError,
    );
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 6 * 60;
    expect(() => stripe.verifyEvent(payload, sign(payload, { timestamp: sixMinutesAgo }))).toThrow(
      WebhookSignatureError,
    );
    // Dated ahead of our clock counts the same: a signature cannot be made to live longer.
    const tenMinutesAhead = Math.floor(Date.now() / 1000) + 10 * 60;
    expect(() => stripe.verifyEvent(payload, sign(payload, { timestamp: tenMinutesAhead }))).toThrow(
      WebhookSignatureError,
    );
    const oneMinuteAhead = Math.floor(Date.now() / 1000) + 60;
    expect(stripe.verifyEvent(payload, sign(payload, { timestamp: oneMinuteAhead })).id).toBe('evt_test_1');
    // Four minutes old is still inside Stripe's five-minute tolerance.
    const fourMinutesAgo = Math.floor(Date.now() / 1000) - 4 * 60;
    expect(stripe.verifyEvent(payload, sign(payload, { timestamp: fourMinutesAgo })).id).toBe('evt_test_1');
    expect(() => stripe.verifyEvent(payload, undefined)).toThrow(WebhookSignatureError);
    expect(() => stripe.verifyEvent(payload, 'garbage')).toThrow(WebhookSignatureError);
  });

  it('maps an event that is not about a Checkout Session without a session', () => {
    const payload = JSON.stringify({
      id: 'evt_test_2',
      object: 'event',
      type: 'charge.refunded',
      created: 1,
      data: { object: { id: 'ch_1', object: 'charge' } },
    });
    expect(stripe.verifyEvent(payload, sign(payload))).toEqual({
      id: 'evt_test_2',
      type: 'charge.refunded',
      created: 1,
      session: null,
    });
  });
});

describe('the app with STRIPE_SECRET_KEY', () => {
  it('takes payments through Stripe (STRIPE_API_URL) and mounts no sandbox page', async () => {
    const t = await createTestApp({
      STRIPE_SECRET_KEY: standin.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standin.url,
    });
    try {
      expect(t.app.payments.name).toBe('stripe');
      const session = await t.app.payments.createSession(sessionInput());
      expect(standin.sessions.has(session.id)).toBe(true);
      expect(session.url).toBe(`${standin.url}/c/pay/${session.id}`);
      const res = await t.app.inject({ method: 'GET', url: `/sandbox/checkout/${session.id}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('TEST MODE');
      const payload = JSON.stringify({
        id: 'evt_app',
        object: 'event',
        type: 'ping',
        created: 1,
        data: { object: {} },
      });
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      expect(t.app.payments.verifyEvent(payload, header).id).toBe('evt_app');
    } finally {
      await t.close();
    }
  });
});
