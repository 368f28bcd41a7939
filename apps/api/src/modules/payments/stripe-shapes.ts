import Stripe from 'stripe';
import { type ProviderEvent, type ProviderSession, WebhookSignatureError } from './provider.ts';

/** Stripe refuses events signed longer ago than this (its default tolerance, and the issue's). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The fields of a Checkout Session as Stripe serialises it (JSON), that both providers read. */
export type StripeSessionJson = {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired' | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  client_reference_id: string | null;
  metadata: Record<string, string> | null;
  amount_total: number | null;
  currency: string | null;
  expires_at: number;
  payment_intent: string | { id: string } | null;
};

export function toProviderSession(session: StripeSessionJson | Stripe.Checkout.Session): ProviderSession {
  const intent = session.payment_intent;
  return {
    id: session.id,
    url: session.url ?? null,
    // Stripe types status as nullable (embedded UI modes); a hosted session always has one.
    status: (session.status ?? 'open') as ProviderSession['status'],
    paymentStatus: session.payment_status as ProviderSession['paymentStatus'],
    clientReferenceId: session.client_reference_id ?? null,
    metadata: { ...(session.metadata ?? {}) },
    amountTotalFils: session.amount_total ?? 0,
    currency: session.currency ?? 'aed',
    expiresAt: new Date(session.expires_at * 1000),
    paymentIntentId: intent === null || intent === undefined ? null : typeof intent === 'string' ? intent : intent.id,
  };
}

/**
 * Verifies a webhook the way Stripe's SDK does (t=…,v1=… HMAC-SHA256 of `${t}.${rawBody}`, at most
 * 300 s old) and maps it; both providers use it, so a sandbox event takes Stripe's exact path.
 * The SDK lets a timestamp in the future pass; here it must also be at most 300 s ahead.
 */
export function verifyStripeEvent(
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
  secret: string,
): ProviderEvent {
  if (!signatureHeader) throw new WebhookSignatureError('No Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
  }
  const signedAt = signatureTimestamp(signatureHeader);
  if (signedAt === undefined || signedAt - Math.floor(Date.now() / 1000) > SIGNATURE_TOLERANCE_SECONDS)
    throw new WebhookSignatureError('Timestamp outside the tolerance zone');
  const object = event.data?.object as { object?: string } | undefined;
  return {
    id: event.id,
    type: event.type,
    created: event.created,
    session: object?.object === 'checkout.session' ? toProviderSession(object as StripeSessionJson) : null,
  };
}

/** The `t=` of a Stripe-Signature header, read as the SDK reads the one it verified (the last). */
function signatureTimestamp(header: string): number | undefined {
  const last = header
    .split(',')
    .map((item) => item.split('='))
    .filter(([key]) => key === 't')
    .at(-1);
  const seconds = last ? Number.parseInt(last[1] ?? '', 10) : Number.NaN;
  return Number.isInteger(seconds) ? seconds : undefined;
}
