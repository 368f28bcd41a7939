/**
 * The card payment provider behind one interface (issue 8): Stripe through its official SDK when
 * STRIPE_SECRET_KEY is set, otherwise the built-in sandbox with its own hosted page. Both speak
 * Stripe's shapes (Checkout Session, events, signatures), so checkout has one code path.
 * Amounts are integer fils (1 AED = 100 fils); the currency is always AED.
 */

import { CheckoutMessages } from '@bookshop/contracts/checkout';
import { HttpProblem } from '../../platform/errors.ts';

export type ProviderName = 'stripe' | 'sandbox';

/** What checkout asks the provider to charge: built from the order, never from the cart. */
export type CreateSessionInput = {
  orderId: number;
  orderNumber: string;
  customerEmail: string;
  lines: { title: string; unitAmountFils: number; quantity: number; imageUrl?: string }[];
  /** Its own line on the hosted page; omitted when free. */
  delivery: { name: string; amountFils: number };
  expiresAt: Date;
  /**
   * Absolute for a provider whose page is elsewhere; a path on the shop's origin for one whose
   * page is the shop's own (`hostedOnShop`). May contain Stripe's `{CHECKOUT_SESSION_ID}` placeholder.
   */
  successUrl: string;
  cancelUrl: string;
  /** The same key for the same order, so a retried create never makes a second session. */
  idempotencyKey: string;
};

/** A Checkout Session as the provider reports it (the fields checkout needs). */
export type ProviderSession = {
  id: string;
  /** The hosted payment page: absolute, or a path on the shop's origin when `hostedOnShop`. */
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  /** The order id as a string, as sent in `client_reference_id`. */
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  amountTotalFils: number;
  currency: string;
  expiresAt: Date;
  paymentIntentId: string | null;
};

/** A webhook event in Stripe's shape, after its signature was verified. */
export type ProviderEvent = {
  id: string;
  type: string;
  created: number;
  /** Present for checkout.session.* events. */
  session: ProviderSession | null;
};

export type RefundInput = {
  /** The paid session; the provider finds its payment. */
  sessionId: string;
  /** Omitted: the whole amount. */
  amountFils?: number;
  idempotencyKey: string;
};
export type Refund = {
  id: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  amountFils: number;
};

/** Thrown by verifyEvent: the route answers 400. */
export class WebhookSignatureError extends Error {}
/** The provider could not be reached or answered with a server error: checkout answers 503. */
export class ProviderUnavailableError extends Error {}

export interface PaymentProvider {
  readonly name: ProviderName;
  /**
   * The payment page is one of the shop's own pages (the sandbox): its address and the way back
   * are paths, so the customer stays on the origin they browse by (decision 070).
   */
  readonly hostedOnShop: boolean;
  createSession(input: CreateSessionInput): Promise<ProviderSession>;
  /** undefined when the provider does not know the id. */
  retrieveSession(sessionId: string): Promise<ProviderSession | undefined>;
  /**
   * Expires an open session so it can no longer be paid, and answers the session as it now is.
   * A session that was paid (or expired) meanwhile is answered as it is, not an error: the caller
   * fulfils a paid one instead of cancelling it.
   */
  expireSession(sessionId: string): Promise<ProviderSession>;
  refund(input: RefundInput): Promise<Refund>;
  /**
   * Checks the `Stripe-Signature` header (t=…,v1=…: HMAC-SHA256 of `${t}.${rawBody}` with the
   * webhook secret, dated at most 300 s from now either way) and parses the event; throws
   * WebhookSignatureError.
   */
  verifyEvent(rawBody: Buffer | string, signatureHeader: string | undefined): ProviderEvent;
}
/**
 * Thrown by refund: the session has no payment to refund (unpaid, or already refunded in full),
 * or the amount is more than what is left. The caller answers 409.
 */
export class RefundRefusedError extends Error {}

/** 503 with Retry-After: the provider could not be reached; the order was cancelled and its copies released. */
export class PaymentsUnavailableProblem extends HttpProblem {
  readonly retryAfterSeconds = 30;
  constructor() {
    super(503, 'Service Unavailable', CheckoutMessages.paymentsUnavailable);
  }
}

export const isPaid = (session: ProviderSession) =>
  session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required';
