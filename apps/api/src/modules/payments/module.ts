import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { PaymentProvider } from './provider.ts';
import {
  createSandboxProvider,
  type SandboxProvider,
  sandboxWebhookSecret,
  WEBHOOK_DELIVERY_JOB,
  type WebhookDeliveryPayload,
} from './sandbox-provider.ts';
import { sandboxRoutes } from './sandbox-routes.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createWebhookDelivery } from './webhook-delivery.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card payment provider: Stripe when STRIPE_SECRET_KEY is set, else the sandbox. */
    payments: PaymentProvider;
  }
}

export type PaymentDeps = {
  config: Config;
  db: Database;
  jobs: Pick<Jobs, 'enqueue' | 'wake'>;
  log: FastifyBaseLogger;
  /** The clock (tests move it). */
  now?: () => Date;
};

type Providers =
  | { provider: PaymentProvider; sandbox?: undefined; webhookSecret: string }
  | { provider: SandboxProvider; sandbox: SandboxProvider; webhookSecret: string };

function createProviders({ config, db, jobs, log, now }: PaymentDeps): Providers {
  if (config.stripeSecretKey) {
    // loadConfig refuses a secret key without its webhook secret.
    const webhookSecret = config.stripeWebhookSecret!;
    log.info({ stripeApiUrl: config.stripeApiUrl }, 'payments: Stripe Checkout');
    const provider = createStripeProvider({
      secretKey: config.stripeSecretKey,
      webhookSecret,
      apiUrl: config.stripeApiUrl,
    });
    return { provider, webhookSecret };
  }
  const webhookSecret = config.stripeWebhookSecret ?? sandboxWebhookSecret(config.dataDir);
  log.warn(
    'payments: sandbox (TEST MODE, no card is charged); set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments',
  );
  const sandbox = createSandboxProvider({ db, jobs, webhookSecret, now });
  return { provider: sandbox, sandbox, webhookSecret };
}

/**
 * Decorates `app.payments`, mounts the sandbox's hosted page (sandbox mode only) and defines the
 * job kind that delivers sandbox events to the webhook endpoint.
 */
export async function registerPayments(
  app: FastifyInstance,
  deps: Omit<PaymentDeps, 'jobs' | 'log'> & { jobs: Jobs },
): Promise<PaymentProvider> {
  const { provider, sandbox, webhookSecret } = createProviders({ ...deps, log: app.log });
  app.decorate('payments', provider);

  if (sandbox) {
    await app.register(sandboxRoutes, { sandbox, now: deps.now });
    const deliver = createWebhookDelivery({
      secret: webhookSecret,
      inject: async (request) => {
        const res = await app.inject(request);
        return { statusCode: res.statusCode, body: res.body };
      },
    });
    deps.jobs.define<WebhookDeliveryPayload>(WEBHOOK_DELIVERY_JOB, deliver);
  } else {
    // Left over from sandbox days: a test payment must never fulfil an order once real payments are on.
    deps.jobs.define<WebhookDeliveryPayload>(WEBHOOK_DELIVERY_JOB, ({ event }) => {
      app.log.warn(
        { eventId: event.id },
        'payments: sandbox event dropped, the shop now takes payments through Stripe',
      );
      return Promise.resolve();
    });
  }
  return provider;
}
