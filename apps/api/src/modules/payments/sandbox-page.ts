import { formatPrice, filsToAed } from '@bookshop/contracts/money';
import { SANDBOX_TEST_CARDS, SandboxCheckoutMessages as M } from '@bookshop/contracts/payments';
import { formatShopTime } from '@bookshop/contracts/shop-clock';
import type { SandboxSessionView } from './sandbox-provider.ts';

/**
 * The sandbox's hosted payment page, rendered on the server: plain HTML forms that POST back, no
 * script, one stylesheet from our origin (the app's CSP allows styles from 'self' only, and no
 * inline style). Card rules and messages follow Stripe's test mode.
 */

export const SHOP_NAME = 'Bookshop';

export type CardForm = { email: string; cardNumber: string; expiry: string; cvc: string; cardholderName: string };
export type CardField = keyof CardForm;
export type CardCheck =
  | { ok: true }
  | { ok: false; fieldErrors: Partial<Record<CardField, string>>; decline?: undefined }
  | { ok: false; fieldErrors?: undefined; decline: { message: string; field: CardField } };

const digits = (value: string) => value.replace(/[\s-]/g, '');

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function checkExpiry(value: string, now: Date): string | undefined {
  const compact = value.replace(/\s/g, '');
  if (!compact) return M.expiryIncomplete;
  const match = compact.match(/^(\d{1,2})\/?(\d{2}|\d{4})$/);
  if (!match) return /^\d{0,2}\/?\d?$/.test(compact) ? M.expiryIncomplete : M.expiryInvalid;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return M.expiryInvalid;
  // A card is valid to the end of its expiry month.
  const thisYear = now.getUTCFullYear();
  if (year < thisYear) return M.expiryYearPast;
  if (year === thisYear && month < now.getUTCMonth() + 1) return M.expiryPast;
  return undefined;
}

/** Stripe's checks in Stripe's words, then what its test cards do. */
export function checkCard(form: CardForm, now: Date): CardCheck {
  const fieldErrors: Partial<Record<CardField, string>> = {};
  const email = form.email.trim();
  if (!email) fieldErrors.email = M.emailIncomplete;
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fieldErrors.email = M.emailInvalid;

  const number = digits(form.cardNumber);
  if (!/^\d*$/.test(number)) fieldErrors.cardNumber = M.cardNumberInvalid;
  else if (number.length < 13) fieldErrors.cardNumber = M.cardNumberIncomplete;
  else if (number.length > 19 || !luhn(number)) fieldErrors.cardNumber = M.cardNumberInvalid;

  const expiryError = checkExpiry(form.expiry, now);
  if (expiryError) fieldErrors.expiry = expiryError;

  if (!/^\d{3,4}$/.test(form.cvc.trim())) fieldErrors.cvc = M.cvcIncomplete;
  if (!form.cardholderName.trim()) fieldErrors.cardholderName = M.nameRequired;
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };

  if ((SANDBOX_TEST_CARDS.pays as readonly string[]).includes(number)) return { ok: true };
  const declines: Record<string, { message: string; field: CardField }> = {
    [SANDBOX_TEST_CARDS.declined]: { message: M.cardDeclined, field: 'cardNumber' },
    [SANDBOX_TEST_CARDS.insufficientFunds]: { message: M.insufficientFunds, field: 'cardNumber' },
    [SANDBOX_TEST_CARDS.expiredCard]: { message: M.expiredCard, field: 'expiry' },
    [SANDBOX_TEST_CARDS.incorrectCvc]: { message: M.incorrectCvc, field: 'cvc' },
  };
  // As in Stripe's test mode, a real card number is never charged.
  return { ok: false, decline: declines[number] ?? { message: M.notATestCard, field: 'cardNumber' } };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const price = (fils: number) => formatPrice(filsToAed(fils));

/** '4242424242424242' as printed on a card: '4242 4242 4242 4242'. */
const groupDigits = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/** What each of Stripe's test cards does here, in the words the page then shows. */
export const TEST_CARD_OUTCOMES: { number: string; card: string; outcome: string }[] = [
  { number: SANDBOX_TEST_CARDS.pays[0], card: 'Visa', outcome: 'Pays' },
  { number: SANDBOX_TEST_CARDS.pays[1], card: 'Mastercard', outcome: 'Pays' },
  { number: SANDBOX_TEST_CARDS.pays[2], card: 'Visa debit', outcome: 'Pays' },
  { number: SANDBOX_TEST_CARDS.declined, card: 'Visa', outcome: `Declined: ${M.cardDeclined}` },
  { number: SANDBOX_TEST_CARDS.insufficientFunds, card: 'Visa', outcome: `Declined: ${M.insufficientFunds}` },
  { number: SANDBOX_TEST_CARDS.expiredCard, card: 'Visa', outcome: `Declined: ${M.expiredCard}` },
  { number: SANDBOX_TEST_CARDS.incorrectCvc, card: 'Visa', outcome: `Declined: ${M.incorrectCvc}` },
];

/** The test cards and what each does, so a tester can try a decline without looking it up. */
function testCards(): string {
  const rows = TEST_CARD_OUTCOMES.map(
    (card) =>
      `<tr><td class="card-number">${groupDigits(card.number)}<small>${escapeHtml(card.card)}</small></td><td>${escapeHtml(card.outcome)}</td></tr>`,
  ).join('\n');
  return `<section class="test-cards" aria-labelledby="test-cards-heading">
<h2 id="test-cards-heading">Test cards</h2>
<p>Use any future expiration date, any 3-digit CVC and any name. Any other card number is declined: no real card is charged here.</p>
<table>
<thead><tr><th scope="col">Card number</th><th scope="col">Result</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>`;
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="${SANDBOX_STYLESHEET_PATH}">
</head>
<body>
<header class="test-mode"><p><strong>TEST MODE</strong> <span>This is the shop's sandbox checkout: no real card is charged. Pay with the test card 4242 4242 4242 4242.</span></p></header>
<main class="checkout">
${body}
</main>
</body>
</html>`;
}

function summary(session: SandboxSessionView): string {
  const lines = session.lines
    .map((line) => {
      const total = price(line.unitAmountFils * line.quantity);
      const detail = line.delivery
        ? 'Delivery'
        : `Qty ${line.quantity}${line.quantity > 1 ? `, ${price(line.unitAmountFils)} each` : ''}`;
      return `<li class="line"><span class="line-name">${escapeHtml(line.name)}<small>${detail}</small></span><span class="line-total">${total}</span></li>`;
    })
    .join('\n');
  const orderNumber = session.metadata.orderNumber;
  return `<section class="summary" aria-labelledby="summary-heading">
<p class="shop-name">${SHOP_NAME}</p>
<h1 id="summary-heading">Pay ${SHOP_NAME} <span class="amount">${price(session.amountTotalFils)}</span></h1>
${orderNumber ? `<p class="order-number">Order ${escapeHtml(orderNumber)}</p>` : ''}
<ul class="lines">
${lines}
</ul>
<p class="total"><span>Total due</span><span>${price(session.amountTotalFils)}</span></p>
</section>`;
}

export type PageState = {
  values?: Partial<CardForm>;
  fieldErrors?: Partial<Record<CardField, string>>;
  decline?: { message: string; field: CardField };
};

const FIELDS: { name: CardField; id: string; label: string; input: string }[] = [
  { name: 'email', id: 'email', label: 'Email', input: 'type="email" autocomplete="email" spellcheck="false"' },
  {
    name: 'cardNumber',
    id: 'card-number',
    label: 'Card number',
    input: 'type="text" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23"',
  },
  {
    name: 'expiry',
    id: 'expiry',
    label: 'Expiration',
    input: 'type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="9"',
  },
  {
    name: 'cvc',
    id: 'cvc',
    label: 'CVC',
    input: 'type="text" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4"',
  },
  {
    name: 'cardholderName',
    id: 'cardholder-name',
    label: 'Cardholder name',
    input: 'type="text" autocomplete="cc-name"',
  },
];

/** The open session's page: summary, the time it is held, and the card form (with errors, if any). */
export function renderPaymentPage(session: SandboxSessionView, state: PageState = {}): string {
  const values = { email: session.customerEmail ?? '', ...state.values };
  const errors: Partial<Record<CardField, string>> = { ...state.fieldErrors };
  const hasErrors = Object.keys(errors).length > 0 || state.decline !== undefined;
  const until = formatShopTime(session.expiresAt);

  const alert = state.decline
    ? `<div class="alert" role="alert" id="form-error" tabindex="-1" autofocus><p>${escapeHtml(state.decline.message)}</p></div>`
    : hasErrors
      ? `<div class="alert" role="alert" id="form-error" tabindex="-1" autofocus><p>Check your payment details:</p><ul>${FIELDS.filter(
          (f) => errors[f.name],
        )
          .map((f) => `<li><a href="#${f.id}">${escapeHtml(errors[f.name]!)}</a></li>`)
          .join('')}</ul></div>`
      : '';

  const field = (f: (typeof FIELDS)[number]) => {
    const error = errors[f.name];
    const invalid = error !== undefined || state.decline?.field === f.name;
    const described = [
      f.name === 'expiry' ? 'expiry-hint' : '',
      error ? `${f.id}-error` : '',
      state.decline?.field === f.name ? 'form-error' : '',
    ]
      .filter(Boolean)
      .join(' ');
    // Card number and CVC are never sent back to the browser.
    const keep = f.name !== 'cardNumber' && f.name !== 'cvc' ? (values[f.name] ?? '') : '';
    return `<div class="field field-${f.id}">
<label for="${f.id}">${f.label}</label>
${f.name === 'expiry' ? '<span class="hint" id="expiry-hint">MM / YY</span>' : ''}
<input id="${f.id}" name="${f.name}" ${f.input} required value="${escapeHtml(keep)}"${invalid ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}>
${error ? `<p class="field-error" id="${f.id}-error">${escapeHtml(error)}</p>` : ''}
</div>`;
  };

  const body = `${summary(session)}
<section class="payment" aria-labelledby="payment-heading">
<h2 id="payment-heading">Pay with card</h2>
<p class="reserved">Reserved for you until <time datetime="${session.expiresAt.toISOString()}">${until}</time> (UAE time). After that the books are released and this page can no longer be paid.</p>
${alert}
<form method="post" action="/sandbox/checkout/${encodeURIComponent(session.id)}" novalidate>
<fieldset>
<legend>Contact information</legend>
${field(FIELDS[0]!)}
</fieldset>
<fieldset>
<legend>Card information</legend>
${field(FIELDS[1]!)}
<div class="row">
${field(FIELDS[2]!)}
${field(FIELDS[3]!)}
</div>
${field(FIELDS[4]!)}
</fieldset>
<button type="submit" class="pay">Pay ${price(session.amountTotalFils)}</button>
</form>
<p class="cancel"><a href="${escapeHtml(session.cancelUrl)}">Cancel</a></p>
${testCards()}
</section>`;
  return layout(`${hasErrors ? 'Error: ' : ''}Pay ${SHOP_NAME} – TEST MODE`, body);
}

/** A session that can no longer be paid (already paid, expired) or does not exist. */
export function renderMessagePage(options: {
  title: string;
  message: string;
  link?: { href: string; text: string };
  session?: SandboxSessionView;
}): string {
  const body = `${options.session ? summary(options.session) : `<p class="shop-name">${SHOP_NAME}</p>`}
<section class="payment" aria-labelledby="message-heading">
<h2 id="message-heading">${escapeHtml(options.title)}</h2>
<p class="message" role="status">${escapeHtml(options.message)}</p>
${options.link ? `<p><a class="button-link" href="${escapeHtml(options.link.href)}">${escapeHtml(options.link.text)}</a></p>` : ''}
</section>`;
  return layout(`${options.title} – TEST MODE`, body);
}

export const SANDBOX_STYLESHEET_PATH = '/sandbox/checkout.css';

/** Mobile first (one column from 320 px), large targets, visible focus, WCAG AA contrast. */
export const SANDBOX_STYLESHEET = `*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:100%;color:#1a1f36;background:#f6f8fa}
body{margin:0;line-height:1.5}
.test-mode p{margin:0}
.test-mode{margin:0;padding:.5rem 1rem;background:#ffde92;color:#3d2800;text-align:center;font-size:.9rem}
.test-mode strong{display:inline-block;margin-right:.5rem;padding:0 .4rem;border:2px solid #3d2800;border-radius:4px;letter-spacing:.05em}
.checkout{max-width:60rem;margin:0 auto;padding:1rem;display:grid;gap:1.5rem}
@media (min-width:48rem){.checkout{grid-template-columns:1fr 1fr;padding:2rem;gap:3rem}}
.shop-name{margin:0;font-weight:600;color:#3c4257}
h1{margin:.25rem 0 1rem;font-size:1.1rem;font-weight:500;color:#3c4257}
h1 .amount{display:block;font-size:2rem;font-weight:700;color:#1a1f36}
h2{font-size:1.25rem;margin:0 0 .5rem}
.order-number{margin:0 0 1rem;color:#3c4257}
.lines{list-style:none;margin:0;padding:0}
.line,.total{display:flex;justify-content:space-between;gap:1rem;padding:.5rem 0;border-bottom:1px solid #e3e8ee}
.line-name small{display:block;color:#545969}
.line-total,.total span:last-child{white-space:nowrap}
.total{font-weight:700;border-bottom:0}
.reserved{padding:.75rem;background:#eef4ff;border-left:4px solid #3057d5;border-radius:4px}
fieldset{border:0;margin:0 0 1rem;padding:0}
legend{font-weight:600;margin-bottom:.5rem;padding:0}
.field{margin-bottom:.75rem}
label{display:block;font-weight:500;margin-bottom:.25rem}
.hint{display:block;font-size:.875rem;color:#545969}
input{display:block;width:100%;min-height:44px;padding:.5rem .75rem;font:inherit;font-size:1rem;color:inherit;background:#fff;border:1px solid #8792a2;border-radius:6px}
input[aria-invalid="true"]{border:2px solid #c0123c}
input:focus-visible,button:focus-visible,a:focus-visible,.alert:focus-visible{outline:3px solid #3057d5;outline-offset:2px}
.row{display:grid;grid-template-columns:1fr 1fr;column-gap:.75rem}
.row .field{display:grid;grid-row:span 4;grid-template-rows:subgrid;align-content:start}
.row label{grid-row:1;align-self:end}
.row .hint{grid-row:2}
.row input{grid-row:3}
.row .field-error{grid-row:4}
.field-error{margin:.25rem 0 0;color:#c0123c;font-weight:500}
.alert{margin:0 0 1rem;padding:.75rem 1rem;border:2px solid #c0123c;border-radius:6px;background:#fff5f6;color:#8a0c2b}
.alert p{margin:0;font-weight:600}
.alert ul{margin:.25rem 0 0;padding-left:1.25rem}
.alert a{color:#8a0c2b}
.pay{display:block;width:100%;min-height:48px;padding:.75rem 1rem;font:inherit;font-size:1.1rem;font-weight:600;color:#fff;background:#0a2540;border:0;border-radius:6px;cursor:pointer}
.pay:hover{background:#163a63}
.cancel{text-align:center}
a{color:#3057d5}
.test-cards{margin-top:1.5rem;padding-top:1rem;border-top:1px solid #e3e8ee}
.test-cards h2{font-size:1.1rem}
.test-cards p{margin:0 0 .75rem;color:#3c4257}
.test-cards table{width:100%;border-collapse:collapse;font-size:.9rem}
.test-cards th,.test-cards td{padding:.4rem .5rem .4rem 0;text-align:left;vertical-align:top;border-bottom:1px solid #e3e8ee}
.test-cards th{font-weight:600;color:#3c4257}
.card-number{white-space:nowrap;font-variant-numeric:tabular-nums}
.card-number small{display:block;color:#545969}
.button-link{display:inline-block;min-height:44px;padding:.6rem 1rem;border-radius:6px;background:#0a2540;color:#fff;text-decoration:none;font-weight:600}
`;
