import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  type CardForm,
  checkCard,
  renderMessagePage,
  renderPaymentPage,
  SANDBOX_STYLESHEET,
  SANDBOX_STYLESHEET_PATH,
  sandboxLanguageOf,
  sandboxWords,
} from './sandbox-page.ts';
import type { SandboxProvider, SandboxSessionView } from './sandbox-provider.ts';

const SESSION_ID = /^cs_test_[A-Za-z0-9]{1,200}$/;

/**
 * The sandbox's hosted page: GET shows the session, POST pays it (or shows Stripe's error), then
 * 303 to the success URL. Mounted only when the shop runs without Stripe keys.
 */
export function sandboxRoutes(
  app: FastifyInstance,
  options: { sandbox: SandboxProvider; now?: () => Date },
  done: (error?: Error) => void,
) {
  const { sandbox } = options;
  const now = options.now ?? (() => new Date());

  // Plain HTML forms post url-encoded fields; only these routes accept them (plugin scope).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const html = (reply: FastifyReply, status: number, page: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);

  // In the language of the page the customer checked out from; English for an unknown session.
  const words = (session: SandboxSessionView) => sandboxWords(sandboxLanguageOf(session));
  const english = sandboxWords('en');
  const notFoundPage = (reply: FastifyReply) =>
    html(reply, 404, renderMessagePage({ title: english.notFoundTitle, message: english.messages.notFound }));
  const alreadyPaidPage = (reply: FastifyReply, session: SandboxSessionView, status: number) =>
    html(
      reply,
      status,
      renderMessagePage({
        title: words(session).alreadyPaidTitle,
        message: words(session).messages.alreadyPaid,
        link: { href: session.successUrl, text: words(session).returnToShop },
        session,
      }),
    );
  const expiredPage = (reply: FastifyReply, session: SandboxSessionView, status: number) =>
    html(
      reply,
      status,
      renderMessagePage({
        title: words(session).expiredTitle,
        message: words(session).messages.expired,
        link: { href: session.cancelUrl, text: words(session).returnToShop },
        session,
      }),
    );

  app.get(SANDBOX_STYLESHEET_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(SANDBOX_STYLESHEET),
  );

  app.get<{ Params: { sessionId: string } }>(
    '/sandbox/checkout/:sessionId',
    { schema: { hide: true } },
    async (request, reply) => {
      const { sessionId } = request.params;
      const session = SESSION_ID.test(sessionId) ? await sandbox.findSession(sessionId) : undefined;
      if (!session) return notFoundPage(reply);
      if (session.status === 'complete') return alreadyPaidPage(reply, session, 200);
      if (session.status === 'expired') return expiredPage(reply, session, 200);
      return html(reply, 200, renderPaymentPage(session));
    },
  );

  app.post<{ Params: { sessionId: string }; Body: Partial<Record<keyof CardForm, unknown>> | undefined }>(
    '/sandbox/checkout/:sessionId',
    // HTML pages for the browser, not part of the API document.
    { schema: { hide: true } },
    async (request, reply) => {
      const { sessionId } = request.params;
      const session = SESSION_ID.test(sessionId) ? await sandbox.findSession(sessionId) : undefined;
      if (!session) return notFoundPage(reply);
      // Never charge twice: a second submit (double click, back button) is told it was paid.
      if (session.status === 'complete') return alreadyPaidPage(reply, session, 409);
      if (session.status === 'expired') return expiredPage(reply, session, 410);

      const field = (name: keyof CardForm) => {
        const value = request.body?.[name];
        return typeof value === 'string' ? value.slice(0, 200) : '';
      };
      const form: CardForm = {
        email: field('email'),
        cardNumber: field('cardNumber'),
        expiry: field('expiry'),
        cvc: field('cvc'),
        cardholderName: field('cardholderName'),
      };
      const check = checkCard(form, now(), words(session).messages);
      if (!check.ok) {
        const values = { email: form.email, expiry: form.expiry, cardholderName: form.cardholderName };
        // 400 for what the customer typed; 402 (Stripe's card_error status) for a declined card.
        return check.decline
          ? html(reply, 402, renderPaymentPage(session, { values, decline: check.decline }))
          : html(reply, 400, renderPaymentPage(session, { values, fieldErrors: check.fieldErrors }));
      }

      const result = await sandbox.completePayment(sessionId, {
        email: form.email.trim(),
        name: form.cardholderName.trim(),
      });
      switch (result.outcome) {
        case 'paid':
          return reply.header('cache-control', 'no-store').redirect(result.session.successUrl, 303);
        case 'already-paid':
          return alreadyPaidPage(reply, result.session, 409);
        case 'expired':
          return expiredPage(reply, result.session, 410);
        case 'not-found':
          return notFoundPage(reply);
      }
    },
  );
  done();
}
