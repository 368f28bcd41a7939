import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking Stripe's REST protocol for the calls the payment provider makes,
 * so the provider is tested through the real `stripe` SDK (its encoding, headers, retries and
 * error classes) without the network. Written from Stripe's API reference; it models only:
 *   POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id,
 *   POST /v1/checkout/sessions/:id/expire, POST /v1/refunds.
 * Requests are form-encoded with bracket notation (`line_items[0][price_data][currency]=aed`),
 * authenticated with `Authorization: Bearer sk_…`, and `Idempotency-Key` replays the first answer.
 * Errors are Stripe's JSON `{ error: { type, code?, param?, message } }` with Stripe's statuses.
 */

export type StandinRequest = {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The decoded form body (bracket notation turned into objects and arrays). */
  body: FormValue;
  rawBody: string;
  idempotencyKey?: string;
  status: number;
};

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
type FormObject = { [key: string]: FormValue };

export type StandinSession = {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  url: string | null;
  line_items: { name: string; unit_amount: number; quantity: number; currency: string }[];
};

export type StandinRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  created: number;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
};

export type StripeStandin = {
  /** `http://127.0.0.1:<port>`, for STRIPE_API_URL. */
  url: string;
  /** The only key it accepts. */
  secretKey: string;
  /** Every request, oldest first. */
  requests: StandinRequest[];
  sessions: Map<string, StandinSession>;
  /** The customer pays on the hosted page: complete + paid, with a payment intent. */
  pay(sessionId: string): StandinSession;
  /** Stripe expires the session itself (its expires_at passed). */
  expire(sessionId: string): StandinSession;
  /** The next `times` requests answer `status` with an api_error (500s) instead of their result. */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
};

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly error: { type: string; code?: string; param?: string; message: string },
  ) {
    super(error.message);
  }
}

const invalid = (message: string, extra: { code?: string; param?: string } = {}) =>
  new StripeError(400, { type: 'invalid_request_error', ...extra, message });
const missing = (what: string, id: string, param: string) =>
  new StripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${what}: '${id}'`,
  });

const randomId = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Decodes `a[b][0][c]=1&a[b][0][d]=2` as Stripe's API does (and as stripe-node encodes). */
export function parseForm(raw: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const head = key.match(/^[^[]+/)?.[0];
    if (!head) continue;
    const path = [head, ...[...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    let node: FormObject | FormValue[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const index = Array.isArray(node) ? (part === '' ? node.length : Number(part)) : part;
      const container = node as Record<string | number, FormValue>;
      if (last) {
        container[index] = value;
        return;
      }
      if (container[index] === undefined) container[index] = /^\d*$/.test(path[i + 1]!) ? [] : {};
      node = container[index] as FormObject | FormValue[];
    });
  }
  return root;
}

const str = (value: FormValue | undefined) => (typeof value === 'string' ? value : undefined);
const obj = (value: FormValue | undefined): FormObject | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;

function integer(value: FormValue | undefined, param: string, { min = 0 } = {}): number {
  const text = str(value);
  if (text === undefined || !/^-?\d+$/.test(text)) {
    throw invalid(`Invalid integer: ${text ?? ''}`, { code: 'parameter_invalid_integer', param });
  }
  const n = Number(text);
  if (n < min)
    throw invalid(`This value must be greater than or equal to ${min}.`, { code: 'parameter_invalid_integer', param });
  return n;
}

export async function startStripeStandin(options: { secretKey?: string } = {}): Promise<StripeStandin> {
  const secretKey = options.secretKey ?? `sk_test_standin_${randomBytes(6).toString('hex')}`;
  const requests: StandinRequest[] = [];
  const sessions = new Map<string, StandinSession>();
  const refunds = new Map<string, StandinRefund>();
  const paymentIntents = new Map<string, { amount: number; currency: string; refunded: number }>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  let failures: { status: number; times: number } | undefined;
  let baseUrl = '';

  function createSession(body: FormObject): StandinSession {
    const mode = str(body.mode);
    if (!mode) throw invalid('Missing required param: mode.', { code: 'parameter_missing', param: 'mode' });
    if (mode !== 'payment') throw invalid('This stand-in models only mode=payment.', { param: 'mode' });
    const successUrl = str(body.success_url);
    if (!successUrl)
      throw invalid('Missing required param: success_url.', { code: 'parameter_missing', param: 'success_url' });
    const items = body.line_items;
    if (!Array.isArray(items) || items.length === 0) {
      throw invalid('Missing required param: line_items.', { code: 'parameter_missing', param: 'line_items' });
    }
    const created = nowSeconds();
    const lines = items.map((item, i) => {
      const line = obj(item) ?? {};
      const priceData = obj(line.price_data);
      if (!priceData) throw invalid('You must specify either `price` or `price_data`.', { param: `line_items[${i}]` });
      const currency = str(priceData.currency);
      if (!currency)
        throw invalid('Missing required param: line_items[0][price_data][currency].', {
          code: 'parameter_missing',
          param: `line_items[${i}][price_data][currency]`,
        });
      const name = str(obj(priceData.product_data)?.name);
      if (!name)
        throw invalid('Missing required param: product_data[name].', {
          code: 'parameter_missing',
          param: `line_items[${i}][price_data][product_data][name]`,
        });
      return {
        name,
        currency,
        unit_amount: integer(priceData.unit_amount, `line_items[${i}][price_data][unit_amount]`),
        quantity: integer(line.quantity, `line_items[${i}][quantity]`, { min: 1 }),
      };
    });
    const currencies = new Set(lines.map((line) => line.currency));
    if (currencies.size > 1) throw invalid('All line items must use the same currency.', { param: 'line_items' });
    let expiresAt = created + 24 * 3600;
    if (body.expires_at !== undefined) {
      expiresAt = integer(body.expires_at, 'expires_at');
      // Stripe: 30 minutes to 24 hours after creation, counted when Stripe receives the call.
      if (expiresAt < created + 30 * 60) {
        throw invalid('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', {
          param: 'expires_at',
        });
      }
      if (expiresAt > created + 24 * 3600) {
        throw invalid('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', {
          param: 'expires_at',
        });
      }
    }
    const metadata: Record<string, string> = {};
    for (const [key, value] of Object.entries(obj(body.metadata) ?? {}))
      if (typeof value === 'string') metadata[key] = value;
    const amount = lines.reduce((sum, line) => sum + line.unit_amount * line.quantity, 0);
    const id = randomId('cs_test_');
    const session: StandinSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: str(body.cancel_url) ?? null,
      client_reference_id: str(body.client_reference_id) ?? null,
      created,
      currency: lines[0]!.currency,
      customer_email: str(body.customer_email) ?? null,
      expires_at: expiresAt,
      livemode: false,
      metadata,
      mode,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl,
      url: `${baseUrl}/c/pay/${id}`,
      line_items: lines,
    };
    sessions.set(id, session);
    return session;
  }

  function findSession(id: string): StandinSession {
    const session = sessions.get(id);
    if (!session) throw missing('checkout.session', id, 'session');
    return session;
  }

  function createRefund(body: FormObject): StandinRefund {
    const intentId = str(body.payment_intent);
    if (!intentId) {
      throw invalid('One of the following params should be provided for this request: payment_intent or charge.', {
        code: 'parameter_missing',
      });
    }
    const intent = paymentIntents.get(intentId);
    if (!intent) throw missing('payment_intent', intentId, 'payment_intent');
    const remaining = intent.amount - intent.refunded;
    if (remaining === 0) {
      throw invalid(`Charge for payment intent ${intentId} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    }
    const amount = body.amount === undefined ? remaining : integer(body.amount, 'amount', { min: 1 });
    if (amount > remaining) {
      throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, {
        code: 'amount_too_large',
        param: 'amount',
      });
    }
    intent.refunded += amount;
    const refund: StandinRefund = {
      id: randomId('re_'),
      object: 'refund',
      amount,
      currency: intent.currency,
      created: nowSeconds(),
      payment_intent: intentId,
      status: 'succeeded',
      metadata: {},
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  function route(method: string, path: string, body: FormObject): unknown {
    if (method === 'POST' && path === '/v1/checkout/sessions') return present(createSession(body));
    let match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (method === 'GET' && match) return present(findSession(decodeURIComponent(match[1]!)));
    match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (method === 'POST' && match) {
      const session = findSession(decodeURIComponent(match[1]!));
      if (session.status !== 'open') {
        // Stripe answers 400 for a session that is complete or already expired.
        throw invalid(
          `Only Checkout Sessions with a status in ["open"] can be expired. This session has status "${session.status}".`,
        );
      }
      session.status = 'expired';
      session.url = null;
      return present(session);
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    throw new StripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  /** The session as the API serialises it (line items are a separate, expandable list on Stripe). */
  const present = ({ line_items: _lines, ...session }: StandinSession) => session;

  function authenticate(req: IncomingMessage) {
    const header = req.headers.authorization;
    if (!header) {
      throw new StripeError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    const key = header.match(/^Bearer (\S+)$/)?.[1];
    if (key !== secretKey) {
      const shown = key ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : '';
      throw new StripeError(401, {
        type: 'invalid_request_error',
        code: 'api_key_invalid',
        message: `Invalid API Key provided: ${shown}`,
      });
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', baseUrl);
    const method = req.method ?? 'GET';
    const body = method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(rawBody);
    const idempotencyKey =
      typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    const record: StandinRequest = {
      method,
      path: url.pathname,
      headers: req.headers,
      body,
      rawBody,
      idempotencyKey,
      status: 0,
    };
    requests.push(record);

    const send = (status: number, payload: string, replayed = false) => {
      record.status = status;
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': randomId('req_'),
        ...(replayed && { 'idempotent-replayed': 'true' }),
      });
      res.end(payload);
    };

    try {
      authenticate(req);
    } catch (error) {
      const e = error as StripeError;
      return send(e.status, JSON.stringify({ error: e.error }));
    }
    if (failures && failures.times > 0) {
      failures.times -= 1;
      return send(
        failures.status,
        JSON.stringify({
          error: { type: 'api_error', message: 'An unknown error occurred while processing your request.' },
        }),
      );
    }

    const fingerprint = createHash('sha256').update(`${method} ${url.pathname}\n${rawBody}`).digest('hex');
    if (idempotencyKey && method === 'POST') {
      const earlier = idempotent.get(idempotencyKey);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint) {
          return send(
            400,
            JSON.stringify({
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
            }),
          );
        }
        return send(earlier.status, earlier.body, true);
      }
    }

    let status = 200;
    let payload: string;
    try {
      payload = JSON.stringify(route(method, url.pathname, body));
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      payload = JSON.stringify({ error: error.error });
    }
    if (idempotencyKey && method === 'POST') idempotent.set(idempotencyKey, { fingerprint, status, body: payload });
    send(status, payload);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    secretKey,
    requests,
    sessions,
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}`);
      const intent = randomId('pi_');
      paymentIntents.set(intent, { amount: session.amount_total, currency: session.currency, refunded: 0 });
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent, url: null });
      return session;
    },
    expire(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(session, { status: 'expired', url: null });
      return session;
    },
    failNext(status, times = 1) {
      failures = { status, times };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
