import Stripe from 'stripe';
import type { WebhookDeliveryPayload } from './sandbox-provider.ts';
import { API_PREFIX } from '../../platform/api-prefix.ts';

/** Where Stripe is told to send events, and where the sandbox sends its own. */
export const WEBHOOK_PATH = `${API_PREFIX}/v1/checkout/webhook`;

export type InjectWebhook = (request: {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  payload: string;
}) => Promise<{ statusCode: number; body: string }>;

/**
 * The `payments.webhook-delivery` job: signs the event now (Stripe's t=…,v1=… scheme, so a retry
 * hours later is not refused as stale) and POSTs it to the webhook endpoint through the app itself,
 * so it takes the same route and signature check a Stripe event takes. A non-2xx answer throws:
 * the jobs queue retries it with backoff, as Stripe retries a failed delivery.
 */
export function createWebhookDelivery(options: { inject: InjectWebhook; secret: string }) {
  return async ({ event }: WebhookDeliveryPayload): Promise<void> => {
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret });
    const res = await options.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) Bookshop sandbox',
      },
      payload,
    });
    if (res.statusCode < 200 || res.statusCode >= 300) {
      throw new Error(`Webhook ${event.type} ${event.id} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    }
  };
}
