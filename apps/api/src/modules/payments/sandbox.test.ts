import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { arabicMessage } from '@bookshop/contracts/arabic-messages';
import { SANDBOX_TEST_CARDS, SandboxCheckoutMessages as M } from '@bookshop/contracts/payments';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { jobs } from '../jobs/schema.ts';
import { type CreateSessionInput, RefundRefusedError, WebhookSignatureError } from './provider.ts';
import {
  createSandboxProvider,
  sandboxWebhookSecret,
  WEBHOOK_DELIVERY_JOB,
  type WebhookDeliveryPayload,
} from './sandbox-provider.ts';
import { createWebhookDelivery, type InjectWebhook, WEBHOOK_PATH } from './webhook-delivery.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://shop.test' });
});
afterAll(() => t.close());

let orderId = 500;
/** 11:45 UTC is 3:45 PM in the UAE (UTC+4, no daylight saving). */
const QUARTER_TO_FOUR_UAE = new Date('2030-06-01T11:45:00Z');

const sessionInput = (overrides: Partial<CreateSessionInput> = {}): CreateSessionInput => {
  const id = ++orderId;
  return {
    orderId: id,
    orderNumber: `BK-${String(id).padStart(6, '0')}`,
    customerEmail: 'reader@example.com',
    lines: [
      { title: 'Pride & Prejudice', unitAmountFils: 4250, quantity: 2 },
      { title: 'Emma', unitAmountFils: 3000, quantity: 1 },
    ],
    delivery: { name: 'Next-Day Delivery', amountFils: 2500 },
    expiresAt: QUARTER_TO_FOUR_UAE,
    successUrl: '/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: '/checkout/cancel?session_id={CHECKOUT_SESSION_ID}',
    idempotencyKey: `order-${id}-${randomBytes(4).toString('hex')}`,
    ...overrides,
  };
};

const TOTAL = 'Dhs 140.00'; // 2 × 42.50 + 30.00 + 25.00

const page = (sessionId: string) => t.app.inject({ method: 'GET', url: `/sandbox/checkout/${sessionId}` });
const pay = (sessionId: string, fields: Partial<Record<string, string>> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      email: 'reader@example.com',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
      cardholderName: 'Elizabeth Bennet',
      ...fields,
    } as Record<string, string>).toString(),
  });

const deliveryJobs = async (sessionId: string) =>
  (await t.db.select().from(jobs).where(eq(jobs.kind, WEBHOOK_DELIVERY_JOB))).filter(
    (job) => (job.payload as WebhookDeliveryPayload).event.data.object.id === sessionId,
  );

/** The `<input>` tag for `id`, to read its attributes. */
const inputTag = (res: LightMyRequestResponse, id: string) =>
  res.body.match(new RegExp(`<input id="${id}"[^>]*>`))?.[0] ?? '';

/** The page without its list of test cards. */
const withoutTestCards = (html: string) => html.replace(/<section class="test-cards"[\s\S]*?<\/section>/, '');

/** The rows of the page's test-card table: number as printed, card, result. */
const testCardRows = (html: string) =>
  [...html.matchAll(/<tr><td class="card-number">([\d ]+)<small>([^<]+)<\/small><\/td><td>([^<]+)<\/td><\/tr>/g)].map(
    ([, number, card, result]) => ({ number: number!, card: card!, result: result!.replaceAll('&#39;', "'") }),
  );

describe('sandbox hosted page', () => {
  it('shows TEST MODE, the shop, the lines, the total in Dhs, the labelled card form and how long it is held', async () => {
    const session = await t.app.payments.createSession(sessionInput());
    expect(session.url).toBe(`/sandbox/checkout/${session.id}`);
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);

    const res = await page(session.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain('<strong>TEST MODE</strong>');
    expect(html).toContain('Bookshop');
    expect(html).toContain('Pride &amp; Prejudice');
    expect(html).toContain('Qty 2, Dhs 42.50 each');
    expect(html).toContain('Dhs 85.00');
    expect(html).toContain('Emma');
    expect(html).toContain('Next-Day Delivery');
    expect(html).toContain('Dhs 25.00');
    expect(html).toContain(`<span>Total due</span><span>${TOTAL}</span>`);
    for (const [id, label] of [
      ['email', 'Email'],
      ['card-number', 'Card number'],
      ['expiry', 'Expiration'],
      ['cvc', 'CVC'],
      ['cardholder-name', 'Cardholder name'],
    ] as const) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(inputTag(res, id)).not.toBe('');
    }
    expect(inputTag(res, 'expiry')).toContain('placeholder="MM / YY"');
    // The e-mail checkout sent is filled in already.
    expect(inputTag(res, 'email')).toContain('value="reader@example.com"');
    expect(html).toContain(`<button type="submit" class="pay">Pay ${TOTAL}</button>`);
    expect(html).toContain(`<a href="/checkout/cancel?session_id=${session.id}">Cancel</a>`);
    expect(html).toMatch(
      /Reserved for you until <time datetime="2030-06-01T11:45:00.000Z">3:45 PM<\/time> \(UAE time\)/,
    );
    expect(html).not.toContain('role="alert"');
  });

  it("works under the shop's strict CSP: no script, no inline style, one stylesheet from our origin", async () => {
    const session = await t.app.payments.createSession(sessionInput());
    const res = await page(session.id);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("form-action 'self'");
    expect(res.body).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    const href = res.body.match(/<link rel="stylesheet" href="([^"]+)">/)?.[1];
    expect(href).toBe('/sandbox/checkout.css');
    const css = await t.app.inject({ method: 'GET', url: href! });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toContain('.test-mode');
    // The storefront's icon, so the browser asks for no /favicon.ico (a 404 in its console).
    expect(res.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
  });

  it('lists every test card it honours, and each does what the list says', async () => {
    const session = await t.app.payments.createSession(sessionInput());
    const html = (await page(session.id)).body;
    expect(html).toContain('<h2 id="test-cards-heading">Test cards</h2>');
    const rows = testCardRows(html);
    expect(rows.map((row) => row.number.replaceAll(' ', '')).sort()).toEqual(
      [...SANDBOX_TEST_CARDS.pays, ...Object.values(SANDBOX_TEST_CARDS).filter((v) => typeof v === 'string')].sort(),
    );
    expect(rows[0]).toEqual({ number: '4242 4242 4242 4242', card: 'Visa', result: 'Pays' });
    expect(rows).toContainEqual({
      number: '4000 0000 0000 9995',
      card: 'Visa',
      result: `Declined: ${M.insufficientFunds}`,
    });

    for (const row of rows) {
      const tried = await t.app.payments.createSession(sessionInput());
      const res = await pay(tried.id, { cardNumber: row.number });
      if (row.result === 'Pays') {
        expect(res.statusCode, row.number).toBe(303);
      } else {
        expect(res.statusCode, row.number).toBe(402);
        const alert = res.body.match(/<div class="alert"[^>]*><p>([^<]*)<\/p>/)?.[1]?.replaceAll('&#39;', "'");
        expect(`Declined: ${alert}`, row.number).toBe(row.result);
      }
    }
  });

  it('answers 404 with a page for a session that does not exist', async () => {
    for (const id of ['cs_test_doesnotexist', 'not-a-session']) {
      const res = await page(id);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain(M.notFound);
    }
  });
});

/** A session started from an Arabic storefront page: checkout puts /ar before the return paths (decision 089). */
const arabicInput = (overrides: Partial<CreateSessionInput> = {}) =>
  sessionInput({
    successUrl: '/ar/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: '/ar/checkout/cancel?session_id={CHECKOUT_SESSION_ID}',
    ...overrides,
  });

/** Left-to-right isolates (U+2066 … U+2069) the Arabic page puts around card and order numbers. */
const withoutIsolates = (html: string) => html.replace(/[\u2066\u2069]/g, '');

describe('sandbox hosted page in Arabic', () => {
  it('renders right to left in Arabic, with prices in ar-AE and the time with م, for a checkout from an Arabic page', async () => {
    const session = await t.app.payments.createSession(arabicInput());
    const res = await page(session.id);
    expect(res.statusCode).toBe(200);
    const html = withoutIsolates(res.body);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<strong>وضع الاختبار</strong>');
    for (const [id, label] of [
      ['email', 'البريد الإلكتروني'],
      ['card-number', 'رقم البطاقة'],
      ['expiry', 'تاريخ الانتهاء'],
      ['cvc', 'رمز الأمان (CVC)'],
      ['cardholder-name', 'اسم حامل البطاقة'],
    ] as const) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
    }
    // Digits stay left to right in the card fields; the name follows what is typed.
    expect(inputTag(res, 'card-number')).toContain('dir="ltr"');
    expect(inputTag(res, 'cardholder-name')).toContain('dir="auto"');
    expect(html).toContain('<h2 id="payment-heading">الدفع بالبطاقة</h2>');
    expect(html).toMatch(/<span>المبلغ المستحق<\/span><span>\u200f?140\.00\s*د\.إ\.\u200f?<\/span>/);
    expect(html).toMatch(/الكمية 2، \u200f?42\.50\s*د\.إ\.\u200f? للنسخة/);
    expect(html).toContain('التوصيل في اليوم التالي');
    expect(html).toContain(`الطلب ${session.metadata.orderNumber}`);
    expect(html).toContain('محجوزة لك حتى <time datetime="2030-06-01T11:45:00.000Z">3:45 م</time> (بتوقيت الإمارات)');
    expect(html).toMatch(/<button type="submit" class="pay">ادفع \u200f?140\.00\s*د\.إ\.\u200f?<\/button>/);
    expect(html).toContain(`<a href="/ar/checkout/cancel?session_id=${session.id}">إلغاء</a>`);
    expect(html).toContain('<h2 id="test-cards-heading">بطاقات الاختبار</h2>');
    expect(html).toContain('<td>يتم الدفع</td>');
    // None of the English page's words.
    for (const english of [
      'TEST MODE',
      'Card number',
      'Pay with card',
      'Total due',
      'Dhs ',
      'Cancel<',
      'Next-Day Delivery',
    ])
      expect(html, english).not.toContain(english);
  });

  it('keeps card and order numbers left to right inside the Arabic text', async () => {
    const session = await t.app.payments.createSession(arabicInput());
    const html = (await page(session.id)).body;
    expect(html).toContain('\u20664242 4242 4242 4242\u2069');
    expect(html).toContain(`\u2066${session.metadata.orderNumber}\u2069`);
  });

  it("says what is wrong with the card in Arabic: the field's error and a declined card", async () => {
    const session = await t.app.payments.createSession(arabicInput());
    const empty = await pay(session.id, { email: '', cardholderName: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('<p>تحقّق من بيانات الدفع:</p>');
    expect(empty.body).toContain(`<p class="field-error" id="email-error">${arabicMessage(M.emailIncomplete)}</p>`);
    expect(empty.body).toContain('<title>خطأ: ادفع لـ Bookshop – وضع الاختبار</title>');

    const declined = await pay(session.id, { cardNumber: SANDBOX_TEST_CARDS.insufficientFunds });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toMatch(/<div class="alert"[^>]*><p>رصيد بطاقتك غير كافٍ\.<\/p>/);
    expect(declined.body).not.toContain(M.insufficientFunds);
  });

  it('tells a customer who already paid, in Arabic, and links back to the Arabic success page', async () => {
    const session = await t.app.payments.createSession(arabicInput());
    expect((await pay(session.id)).statusCode).toBe(303);
    const again = await page(session.id);
    expect(again.body).toContain('<html lang="ar" dir="rtl">');
    expect(again.body).toContain('<h2 id="message-heading">مدفوع من قبل</h2>');
    expect(again.body).toContain(arabicMessage(M.alreadyPaid));
    expect(again.body).toContain(
      `<a class="button-link" href="/ar/checkout/success?session_id=${session.id}">العودة إلى Bookshop</a>`,
    );
  });

  it('stays English, left to right, for a checkout from an English page', async () => {
    const session = await t.app.payments.createSession(sessionInput());
    const html = (await page(session.id)).body;
    expect(html).toContain('<html lang="en-GB">');
    expect(html).not.toContain('dir="rtl"');
    expect(html).not.toMatch(/[\u0600-\u06ff]/);
  });
});

describe('sandbox payment with test cards', () => {
  it('4242 4242 4242 4242 pays: 303 to the success URL, the session complete and paid, one delivery job', async () => {
    const input = sessionInput();
    const session = await t.app.payments.createSession(input);
    const res = await pay(session.id);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/checkout/success?session_id=${session.id}`);

    const paid = await t.app.payments.retrieveSession(session.id);
    expect(paid).toMatchObject({
      id: session.id,
      status: 'complete',
      paymentStatus: 'paid',
      paymentIntentId: expect.stringMatching(/^pi_test_[A-Za-z0-9]+$/),
      clientReferenceId: String(input.orderId),
      metadata: { orderId: String(input.orderId), orderNumber: input.orderNumber },
      amountTotalFils: 14000,
      currency: 'aed',
      url: null,
    });

    const queued = await deliveryJobs(session.id);
    expect(queued).toHaveLength(1);
    const { event } = queued[0]!.payload as WebhookDeliveryPayload;
    // Stripe's event shape, the session as Stripe serialises it.
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      object: 'event',
      type: 'checkout.session.completed',
      created: expect.any(Number),
      livemode: false,
      data: {
        object: {
          id: session.id,
          object: 'checkout.session',
          status: 'complete',
          payment_status: 'paid',
          client_reference_id: String(input.orderId),
          metadata: { orderId: String(input.orderId), orderNumber: input.orderNumber },
          amount_total: 14000,
          currency: 'aed',
          expires_at: QUARTER_TO_FOUR_UAE.getTime() / 1000,
          payment_intent: paid!.paymentIntentId,
          customer_details: { email: 'reader@example.com', name: 'Elizabeth Bennet' },
          mode: 'payment',
          url: null,
        },
      },
    });
  });

  it("the delivery job signs the event so that verifyEvent (Stripe's check) accepts it", async () => {
    const session = await t.app.payments.createSession(sessionInput());
    await pay(session.id);
    const [job] = await deliveryJobs(session.id);
    const payload = job!.payload as WebhookDeliveryPayload;

    const sent: Parameters<InjectWebhook>[0][] = [];
    const deliver = createWebhookDelivery({
      secret: sandboxWebhookSecret(t.config.dataDir),
      inject: (request) => {
        sent.push(request);
        return Promise.resolve({ statusCode: 200, body: '{"received":true}' });
      },
    });
    await deliver(payload);
    expect(sent).toHaveLength(1);
    const request = sent[0]!;
    expect(request.url).toBe(WEBHOOK_PATH);
    expect(request.headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    const event = t.app.payments.verifyEvent(Buffer.from(request.payload), request.headers['stripe-signature']);
    expect(event).toMatchObject({
      id: payload.event.id,
      type: 'checkout.session.completed',
      session: { id: session.id, status: 'complete', paymentStatus: 'paid' },
    });
    // A changed byte breaks the signature, as on Stripe.
    expect(() =>
      t.app.payments.verifyEvent(request.payload.replace('"paid"', '"unpaid"'), request.headers['stripe-signature']),
    ).toThrow(WebhookSignatureError);
  });

  it('a delivery the webhook answers with non-2xx throws, so the jobs queue retries it', async () => {
    const session = await t.app.payments.createSession(sessionInput());
    await pay(session.id);
    const [job] = await deliveryJobs(session.id);
    const deliver = createWebhookDelivery({
      secret: sandboxWebhookSecret(t.config.dataDir),
      inject: () => Promise.resolve({ statusCode: 503, body: 'down' }),
    });
    await expect(deliver(job!.payload as WebhookDeliveryPayload)).rejects.toThrow(/answered 503/);
  });

  it.each([
    ['4000 0000 0000 0002', M.cardDeclined],
    ['4000 0000 0000 9995', M.insufficientFunds],
  ])('%s is refused with "%s" and the page keeps what was typed, except card and CVC', async (card, message) => {
    const session = await t.app.payments.createSession(sessionInput());
    const res = await pay(session.id, { cardNumber: card, email: 'lizzy@example.com', expiry: '11 / 31' });
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain(
      `<div class="alert" role="alert" id="form-error" tabindex="-1" autofocus><p>${message.replace("'", '&#39;')}</p></div>`,
    );
    expect(inputTag(res, 'card-number')).toContain('aria-invalid="true"');
    expect(inputTag(res, 'card-number')).toContain('aria-describedby="form-error"');
    expect(inputTag(res, 'card-number')).toContain('value=""');
    expect(inputTag(res, 'cvc')).toContain('value=""');
    expect(inputTag(res, 'email')).toContain('value="lizzy@example.com"');
    expect(inputTag(res, 'expiry')).toContain('value="11 / 31"');
    expect(inputTag(res, 'cardholder-name')).toContain('value="Elizabeth Bennet"');
    // Typed digits are never sent back (the page's own list of test cards aside).
    expect(withoutTestCards(res.body)).not.toContain(card);

    expect(await t.app.payments.retrieveSession(session.id)).toMatchObject({ status: 'open', paymentStatus: 'unpaid' });
    expect(await deliveryJobs(session.id)).toHaveLength(0);
    // Then a good card pays the same session.
    expect((await pay(session.id)).statusCode).toBe(303);
  });

  it.each([
    [{ email: '' }, 'email', M.emailIncomplete],
    [{ email: 'reader@' }, 'email', M.emailInvalid],
    [{ cardNumber: '4242 4242' }, 'card-number', M.cardNumberIncomplete],
    [{ cardNumber: '4242 4242 4242 4241' }, 'card-number', M.cardNumberInvalid],
    [{ expiry: '' }, 'expiry', M.expiryIncomplete],
    [{ expiry: '13 / 30' }, 'expiry', M.expiryInvalid],
    [{ expiry: '01 / 20' }, 'expiry', M.expiryYearPast],
    [{ cvc: '12' }, 'cvc', M.cvcIncomplete],
    [{ cardholderName: ' ' }, 'cardholder-name', M.nameRequired],
  ])("%o is refused in Stripe's words, announced and tied to its field", async (fields, id, message) => {
    const session = await t.app.payments.createSession(sessionInput());
    const res = await pay(session.id, fields);
    expect(res.statusCode).toBe(400);
    const escaped = message.replace("'", '&#39;');
    expect(res.body).toMatch(/<div class="alert" role="alert"/);
    expect(res.body).toContain(`<li><a href="#${id}">${escaped}</a></li>`);
    expect(res.body).toContain(`<p class="field-error" id="${id}-error">${escaped}</p>`);
    expect(inputTag(res, id)).toContain('aria-invalid="true"');
    expect(inputTag(res, id)).toMatch(new RegExp(`aria-describedby="[^"]*${id}-error`));
    expect(res.body).toContain('<title>Error: Pay Bookshop');
    expect(await t.app.payments.retrieveSession(session.id)).toMatchObject({ status: 'open' });
  });

  it('never charges twice: a second submit is told the order is paid, and nothing more is queued', async () => {
    const session = await t.app.payments.createSession(sessionInput());
    const [first, second] = await Promise.all([pay(session.id), pay(session.id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([303, 409]);
    const paid = await t.app.payments.retrieveSession(session.id);

    const again = await pay(session.id);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(M.alreadyPaid);
    expect(again.body).toContain(`href="/checkout/success?session_id=${session.id}"`);
    expect((await page(session.id)).body).toContain(M.alreadyPaid);
    expect(await t.app.payments.retrieveSession(session.id)).toEqual(paid);
    expect(await deliveryJobs(session.id)).toHaveLength(1);
  });

  it('two payments racing for one session: one pays, the other is told it was paid (one UPDATE guards it)', async () => {
    const sandbox = createSandboxProvider({
      db: t.db,
      jobs: t.app.jobs,
      webhookSecret: sandboxWebhookSecret(t.config.dataDir),
    });
    const session = await sandbox.createSession(sessionInput());
    const customer = { email: 'reader@example.com', name: 'Elizabeth Bennet' };
    const results = await Promise.all([
      sandbox.completePayment(session.id, customer),
      sandbox.completePayment(session.id, customer),
    ]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['already-paid', 'paid']);
    expect(await deliveryJobs(session.id)).toHaveLength(1);
  });

  it('an expired session cannot be paid: the page says so and nothing is charged', async () => {
    const lapsed = await t.app.payments.createSession(sessionInput({ expiresAt: new Date(Date.now() - 1000) }));
    expect(lapsed.status).toBe('expired');
    const expired = await t.app.payments.createSession(sessionInput());
    await t.app.payments.expireSession(expired.id);

    for (const session of [lapsed, expired]) {
      expect((await page(session.id)).body).toContain(M.expired);
      const res = await pay(session.id);
      expect(res.statusCode).toBe(410);
      expect(res.body).toContain(M.expired);
      expect(res.body).toContain(`href="/checkout/cancel?session_id=${session.id}"`);
      expect(await t.app.payments.retrieveSession(session.id)).toMatchObject({
        status: 'expired',
        paymentStatus: 'unpaid',
      });
      expect(await deliveryJobs(session.id)).toHaveLength(0);
    }
  });
});

describe('sandbox provider calls (as Stripe answers them)', () => {
  it('answers the same session for the same idempotency key, and undefined for an unknown id', async () => {
    const input = sessionInput();
    const first = await t.app.payments.createSession(input);
    expect(await t.app.payments.createSession(input)).toEqual(first);
    expect(await t.app.payments.retrieveSession(first.id)).toEqual(first);
    expect(await t.app.payments.retrieveSession('cs_test_unknown')).toBeUndefined();
  });

  it('sends no delivery line when delivery is free', async () => {
    const session = await t.app.payments.createSession(sessionInput({ delivery: { name: 'Standard', amountFils: 0 } }));
    expect(session.amountTotalFils).toBe(11500);
    expect((await page(session.id)).body).not.toContain('Standard');
  });

  it('expires only an open session; a paid one is answered as it is', async () => {
    const open = await t.app.payments.createSession(sessionInput());
    expect(await t.app.payments.expireSession(open.id)).toMatchObject({ status: 'expired', url: null });
    expect(await t.app.payments.expireSession(open.id)).toMatchObject({ status: 'expired' });

    const paid = await t.app.payments.createSession(sessionInput());
    await pay(paid.id);
    expect(await t.app.payments.expireSession(paid.id)).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
  });

  it('refunds a paid session once; the same key answers the same refund', async () => {
    const session = await t.app.payments.createSession(sessionInput());
    await expect(t.app.payments.refund({ sessionId: session.id, idempotencyKey: 'r0' })).rejects.toThrow(
      RefundRefusedError,
    );
    await pay(session.id);
    const key = `refund-${session.id}`;
    const refund = await t.app.payments.refund({ sessionId: session.id, idempotencyKey: key });
    expect(refund).toEqual({ id: expect.stringMatching(/^re_test_/), status: 'succeeded', amountFils: 14000 });
    expect(await t.app.payments.refund({ sessionId: session.id, idempotencyKey: key })).toEqual(refund);
    await expect(t.app.payments.refund({ sessionId: session.id, idempotencyKey: `${key}-2` })).rejects.toThrow(
      RefundRefusedError,
    );
  });
});

describe('sandbox webhook secret', () => {
  const event = JSON.stringify({ id: 'evt_x', object: 'event', type: 'ping', created: 1, data: { object: {} } });

  it('is generated once into DATA_DIR (0600) and reused after a restart', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bookshop-sandbox-secret-'));
    try {
      const first = await createTestApp({ DATA_DIR: dataDir });
      const file = path.join(dataDir, 'sandbox-webhook-secret');
      const secret = sandboxWebhookSecret(dataDir);
      expect(secret).toMatch(/^whsec_/);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const header = Stripe.webhooks.generateTestHeaderString({ payload: event, secret });
      expect(first.app.payments.verifyEvent(event, header).id).toBe('evt_x');
      await first.close();

      const restarted = await createTestApp({ DATA_DIR: dataDir });
      expect(restarted.app.payments.verifyEvent(event, header).id).toBe('evt_x');
      await restarted.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('is STRIPE_WEBHOOK_SECRET when set', async () => {
    const withSecret = await createTestApp({ STRIPE_WEBHOOK_SECRET: 'whsec_configured' });
    try {
      expect(withSecret.app.payments.name).toBe('sandbox');
      const signed = Stripe.webhooks.generateTestHeaderString({ payload: event, secret: 'whsec_configured' });
      expect(withSecret.app.payments.verifyEvent(event, signed).id).toBe('evt_x');
      const generated = Stripe.webhooks.generateTestHeaderString({
        payload: event,
        secret: sandboxWebhookSecret(withSecret.config.dataDir),
      });
      expect(() => withSecret.app.payments.verifyEvent(event, generated)).toThrow(WebhookSignatureError);
    } finally {
      await withSecret.close();
    }
  });
});
