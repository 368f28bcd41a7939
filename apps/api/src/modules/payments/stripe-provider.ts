import Stripe from 'stripe';
import {
  type CreateSessionInput,
  type PaymentProvider,
  ProviderUnavailableError,
  type Refund,
  RefundRefusedError,
} from './provider.ts';
import { toProviderSession, verifyStripeEvent } from './stripe-shapes.ts';

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** `https://api.stripe.com`, or a local stand-in in tests (STRIPE_API_URL). */
  apiUrl: string;
  /** Per attempt; the customer is waiting on create-session. */
  timeoutMs?: number;
  /** Retries of connection errors, 409 and 5xx (the SDK adds an idempotency key to each POST). */
  maxNetworkRetries?: number;
};

/** Card payments through Stripe Checkout with the official SDK. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const api = new URL(options.apiUrl);
  const https = api.protocol === 'https:';
  const stripe = new Stripe(options.secretKey, {
    host: api.hostname,
    port: api.port || (https ? 443 : 80),
    protocol: https ? 'https' : 'http',
    timeout: options.timeoutMs ?? 10_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    telemetry: false,
    appInfo: { name: 'Bookshop' },
  });

  /** Unreachable, timed out, rate limited or a server error: checkout answers 503. */
  async function call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (isUnavailable(error)) {
        throw new ProviderUnavailableError(`Stripe is unavailable: ${(error as Error).message}`, { cause: error });
      }
      throw error;
    }
  }

  async function retrieve(sessionId: string) {
    try {
      return toProviderSession(await call(() => stripe.checkout.sessions.retrieve(sessionId)));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
      throw error;
    }
  }

  return {
    name: 'stripe',
    hostedOnShop: false,

    async createSession(input: CreateSessionInput) {
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = input.lines.map((line) => ({
        price_data: {
          currency: 'aed',
          unit_amount: line.unitAmountFils,
          product_data: {
            name: line.title,
            // Stripe shows only absolute, public images; a relative cover path is left out.
            ...(line.imageUrl && /^https?:\/\//.test(line.imageUrl) && { images: [line.imageUrl] }),
          },
        },
        quantity: line.quantity,
      }));
      if (input.delivery.amountFils > 0) {
        lineItems.push({
          price_data: {
            currency: 'aed',
            unit_amount: input.delivery.amountFils,
            product_data: { name: input.delivery.name },
          },
          quantity: 1,
        });
      }
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: lineItems,
            client_reference_id: String(input.orderId),
            metadata: { orderId: String(input.orderId), orderNumber: input.orderNumber },
            customer_email: input.customerEmail,
            expires_at: stripeExpiresAt(input.expiresAt),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            // No `locale`: Stripe Checkout has no Arabic (stripe 23.1's Checkout.Session.Locale
            // lists none), so its page follows the browser ('auto') for a customer from an
            // Arabic page too; only the sandbox's page speaks Arabic (sandbox-page.ts).
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return toProviderSession(session);
    },

    retrieveSession: retrieve,

    async expireSession(sessionId) {
      try {
        return toProviderSession(await call(() => stripe.checkout.sessions.expire(sessionId)));
      } catch (error) {
        // Stripe refuses (400) to expire a session that is no longer open: answer it as it is,
        // so the caller fulfils one that was paid meanwhile.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 400) {
          const session = await retrieve(sessionId);
          if (session && session.status !== 'open') return session;
        }
        throw error;
      }
    },

    async refund(input): Promise<Refund> {
      const session = await retrieve(input.sessionId);
      if (!session) throw new RefundRefusedError(`No such checkout session: ${input.sessionId}`);
      if (session.paymentStatus !== 'paid' || !session.paymentIntentId) {
        throw new RefundRefusedError(`Checkout session ${input.sessionId} has no payment to refund`);
      }
      const paymentIntent = session.paymentIntentId;
      try {
        const refund = await call(() =>
          stripe.refunds.create(
            { payment_intent: paymentIntent, ...(input.amountFils !== undefined && { amount: input.amountFils }) },
            { idempotencyKey: input.idempotencyKey },
          ),
        );
        return { id: refund.id, status: (refund.status ?? 'pending') as Refund['status'], amountFils: refund.amount };
      } catch (error) {
        // Already refunded, or more than is left: a refusal the caller can show, not a failure.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 400) {
          throw new RefundRefusedError(error.message, { cause: error });
        }
        throw error;
      }
    },

    verifyEvent(rawBody, signatureHeader) {
      return verifyStripeEvent(rawBody, signatureHeader, options.webhookSecret);
    },
  };
}

/**
 * Stripe refuses an `expires_at` under 30 minutes from the moment it creates the session, and
 * checkout's reservations are exactly 30 minutes, counted from before this call. A fixed margin
 * (not "now + 30 min") keeps the parameters of a retried create identical, as an idempotency key
 * requires; checkout expires the session itself when the reservation ends.
 */
export const STRIPE_EXPIRY_MARGIN_SECONDS = 120;
const stripeExpiresAt = (expiresAt: Date) => Math.ceil(expiresAt.getTime() / 1000) + STRIPE_EXPIRY_MARGIN_SECONDS;

function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  if (error instanceof Stripe.errors.StripeConnectionError) return true;
  const status = error.statusCode ?? 0;
  return status >= 500 || status === 429;
}
