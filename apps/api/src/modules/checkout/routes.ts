import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CashOrderPlacedSchema,
  COD_FEE_FILS,
  COD_MAX_TOTAL_FILS,
  CheckoutSessionQuerySchema,
  CheckoutSessionSchema,
  CreateCheckoutSessionSchema,
  MAX_COPIES_PER_TITLE,
  PaymentMethodOptionsSchema,
  PaymentMethodsQuerySchema,
} from '@bookshop/contracts/checkout';
import { filsToAed } from '@bookshop/contracts/money';
import { OrderParamsSchema, OrderSchema } from '@bookshop/contracts/orders';
import { ProblemSchema } from '@bookshop/contracts/problem';
import { requireCustomer, userOf } from '../../platform/auth.ts';
import { badRequest } from '../../platform/errors.ts';
import { pageLanguage } from '../../platform/request-language.ts';
import { returnOrigin } from '../../platform/request-origin.ts';
import { PaymentsUnavailableProblem, WebhookSignatureError, type PaymentProvider } from '../payments/provider.ts';
import type { CheckoutService } from './service.ts';
import type { WebhookHandler } from './webhook.ts';

const tags = ['checkout'];
const customerOnly = { onRequest: [requireCustomer] };
const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

export const WebhookMessages = {
  signatureInvalid: 'The webhook signature is missing, invalid or too old.',
} as const;

export const checkoutRoutes: FastifyPluginAsyncZod<{
  checkout: CheckoutService;
  webhook: WebhookHandler;
  provider: PaymentProvider;
  /** PUBLIC_URL: where the payment page sends a customer back when their own origin is not trusted. */
  publicUrl: string;
}> = async (app, { checkout, webhook, provider, publicUrl }) => {
  app.post(
    '/v1/checkout/create-session',
    {
      ...customerOnly,
      schema: {
        tags,
        summary: `Turns the signed-in customer's cart into a Pending order with its copies reserved for 30 minutes, and opens the provider's payment page. A customer has one open checkout: an unchanged cart (lines, address, delivery method) answers it again; a changed one replaces it. 409 for more than ${MAX_COPIES_PER_TITLE} copies of a title. With paymentMethod 'cod' (cash on delivery, UAE addresses only, up to Dhs ${filsToAed(COD_MAX_TOTAL_FILS)} with its Dhs ${filsToAed(COD_FEE_FILS)} fee; else 409) the order is placed Pending with its copies reserved until delivered or cancelled, confirmed by e-mail at once, and the answer is { orderId, url } with the shop's confirmation page`,
        body: CreateCheckoutSessionSchema,
        response: {
          201: z.union([CheckoutSessionSchema, CashOrderPlacedSchema]),
          ...problems,
          409: ProblemSchema,
          503: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const back = { origin: returnOrigin(request, publicUrl), language: pageLanguage(request) };
        return reply.status(201).send(await checkout.createSession(userOf(request).id, request.body, back));
      } catch (error) {
        if (error instanceof PaymentsUnavailableProblem) reply.header('retry-after', error.retryAfterSeconds);
        throw error;
      }
    },
  );

  app.get(
    '/v1/checkout/payment-methods',
    {
      ...customerOnly,
      schema: {
        tags,
        summary:
          "The payment methods for the signed-in customer's cart delivered to this address by this method: card, and cash on delivery with its fee and, when it cannot be chosen, why",
        querystring: PaymentMethodsQuerySchema,
        response: { 200: PaymentMethodOptionsSchema, ...problems, 409: ProblemSchema },
      },
    },
    (request) => checkout.paymentMethods(userOf(request).id, request.query),
  );

  app.get(
    '/v1/checkout/checkout-success',
    {
      ...customerOnly,
      schema: {
        tags,
        summary: 'After the payment page: fulfils the order if the session is paid and answers it (owner only)',
        querystring: CheckoutSessionQuerySchema,
        response: { 200: OrderSchema, ...problems },
      },
    },
    (request) => checkout.success(userOf(request).id, request.query.sessionId),
  );

  app.get(
    '/v1/checkout/checkout-cancelled',
    {
      ...customerOnly,
      schema: {
        tags,
        summary:
          'The customer left the payment page: expires the session, cancels the order and releases its copies (a paid session is fulfilled instead); the cart is kept',
        querystring: CheckoutSessionQuerySchema,
        response: { 200: OrderSchema, ...problems },
      },
    },
    (request) => checkout.cancelled(userOf(request).id, request.query.sessionId),
  );

  app.get(
    '/v1/orders/:id/payment-session',
    {
      ...customerOnly,
      schema: {
        tags,
        summary:
          "Pay now: the signed-in customer's own Pending order answers its payment page again while it can be paid. 409 when the order is no longer awaiting payment (paid, cancelled, or its 30 minutes are up: it is then cancelled); another customer's order 404",
        params: OrderParamsSchema,
        response: { 200: CheckoutSessionSchema, ...problems, 409: ProblemSchema, 503: ProblemSchema },
      },
    },
    async (request, reply) => {
      try {
        const back = { origin: returnOrigin(request, publicUrl), language: pageLanguage(request) };
        return await checkout.paymentSession(userOf(request).id, request.params.id, back);
      } catch (error) {
        if (error instanceof PaymentsUnavailableProblem) reply.header('retry-after', error.retryAfterSeconds);
        throw error;
      }
    },
  );

  // The signature covers the exact bytes sent, so this route alone keeps the body raw.
  await app.register((raw, _options, done) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.post(
      '/v1/checkout/webhook',
      {
        schema: {
          tags,
          summary:
            "The payment provider's events (Stripe-Signature verified): checkout.session.completed, async_payment_succeeded/failed, expired",
          response: { 200: z.object({ received: z.literal(true) }), 400: ProblemSchema },
        },
      },
      async (request) => {
        let event;
        try {
          event = provider.verifyEvent(
            Buffer.isBuffer(request.body) ? request.body : '',
            request.headers['stripe-signature'] as string | undefined,
          );
        } catch (error) {
          if (error instanceof WebhookSignatureError) throw badRequest(WebhookMessages.signatureInvalid);
          throw error;
        }
        await webhook.handleEvent(event);
        return { received: true as const };
      },
    );
    done();
  });
};
