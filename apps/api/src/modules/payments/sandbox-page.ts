import { filsToAed, formatPriceIn } from '@bookshop/contracts/money';
import { SANDBOX_TEST_CARDS, SandboxCheckoutMessages } from '@bookshop/contracts/payments';
import { formatShopTimeIn } from '@bookshop/contracts/shop-clock';
import { ARABIC_DELIVERY_NAMES, ARABIC_SANDBOX_MESSAGES, ARABIC_SANDBOX_TEXTS as AR } from './sandbox-arabic.ts';
import type { SandboxSessionView } from './sandbox-provider.ts';

/**
 * The sandbox's hosted payment page, rendered on the server: plain HTML forms that POST back, no
 * script, one stylesheet from our origin (the app's CSP allows styles from 'self' only, and no
 * inline style). Card rules and messages follow Stripe's test mode.
 */

export const SHOP_NAME = 'Bookshop';

export type SandboxMessages = Record<keyof typeof SandboxCheckoutMessages, string>;
export type SandboxLanguage = 'en' | 'ar';

/**
 * The page speaks the language of the storefront page the customer checked out from: checkout
 * puts /ar before the return paths for an Arabic page (decision 089, "Redirects"), so a session
 * whose success URL is under /ar gets the Arabic page. Stripe's own page is told nothing of it
 * (see stripe-provider.ts), so this is the sandbox's reading of the same fact.
 */
export const sandboxLanguageOf = (session: { successUrl: string }): SandboxLanguage =>
  /^\/ar(\/|$)/.test(new URL(session.successUrl, 'http://shop.invalid').pathname) ? 'ar' : 'en';

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Every word of the page in one language; HTML-valued ones are marked so. */
export type SandboxWords = {
  lang: string;
  dir: 'ltr' | 'rtl';
  messages: SandboxMessages;
  price: (fils: number) => string;
  time: (at: Date) => string;
  /** Digits and codes kept left to right inside the page's text (card numbers, order numbers). */
  ltr: (text: string) => string;
  testMode: string;
  /** HTML. */
  ribbon: string;
  testCardsHeading: string;
  testCardsHint: string;
  cardNumberColumn: string;
  resultColumn: string;
  pays: string;
  declined: (message: string) => string;
  delivery: string;
  /** The delivery line's name (checkout sends the method's English name). */
  deliveryName: (name: string) => string;
  quantity: (quantity: number, each: string | undefined) => string;
  payShop: string;
  order: (orderNumber: string) => string;
  totalDue: string;
  labels: Record<CardField, string>;
  expiryHint: string;
  checkDetails: string;
  payWithCard: string;
  /** HTML around the time element. */
  reserved: (timeHtml: string) => string;
  contactInformation: string;
  cardInformation: string;
  pay: (amount: string) => string;
  cancel: string;
  errorPrefix: string;
  notFoundTitle: string;
  alreadyPaidTitle: string;
  expiredTitle: string;
  returnToShop: string;
};

const ENGLISH: SandboxWords = {
  lang: 'en-GB',
  dir: 'ltr',
  messages: SandboxCheckoutMessages,
  price: (fils) => formatPriceIn('en', filsToAed(fils)),
  time: (at) => formatShopTimeIn('en', at),
  ltr: (text) => text,
  testMode: 'TEST MODE',
  ribbon: "This is the shop's sandbox checkout: no real card is charged. Pay with the test card 4242 4242 4242 4242.",
  testCardsHeading: 'Test cards',
  testCardsHint:
    'Use any future expiration date, any 3-digit CVC and any name. Any other card number is declined: no real card is charged here.',
  cardNumberColumn: 'Card number',
  resultColumn: 'Result',
  pays: 'Pays',
  declined: (message) => `Declined: ${message}`,
  delivery: 'Delivery',
  deliveryName: (name) => name,
  quantity: (quantity, each) => `Qty ${quantity}${each ? `, ${each} each` : ''}`,
  payShop: `Pay ${SHOP_NAME}`,
  order: (orderNumber) => `Order ${orderNumber}`,
  totalDue: 'Total due',
  labels: {
    email: 'Email',
    cardNumber: 'Card number',
    expiry: 'Expiration',
    cvc: 'CVC',
    cardholderName: 'Cardholder name',
  },
  expiryHint: 'MM / YY',
  checkDetails: 'Check your payment details:',
  payWithCard: 'Pay with card',
  reserved: (time) =>
    `Reserved for you until ${time} (UAE time). After that the books are released and this page can no longer be paid.`,
  contactInformation: 'Contact information',
  cardInformation: 'Card information',
  pay: (amount) => `Pay ${amount}`,
  cancel: 'Cancel',
  errorPrefix: 'Error: ',
  notFoundTitle: 'Payment page not found',
  alreadyPaidTitle: 'Already paid',
  expiredTitle: 'Payment page expired',
  returnToShop: `Return to ${SHOP_NAME}`,
};

/** Left-to-right isolate (U+2066 … U+2069): works in text, attributes and the title alike. */
const isolateLtr = (text: string) => `\u2066${text}\u2069`;

/** As the storefront's Arabic pages write them (decision 089): '‏140.00 د.إ.‏', '3:45 م', Latin digits. */
const ARABIC: SandboxWords = {
  lang: 'ar',
  dir: 'rtl',
  messages: ARABIC_SANDBOX_MESSAGES,
  price: (fils) => formatPriceIn('ar', filsToAed(fils)),
  time: (at) => formatShopTimeIn('ar', at),
  ltr: isolateLtr,
  testMode: AR.testMode,
  ribbon: fill(AR.ribbon, { card: isolateLtr('4242 4242 4242 4242') }),
  testCardsHeading: AR.testCardsHeading,
  testCardsHint: AR.testCardsHint,
  cardNumberColumn: AR.cardNumberColumn,
  resultColumn: AR.resultColumn,
  pays: AR.pays,
  declined: (message) => fill(AR.declined, { message }),
  delivery: AR.delivery,
  deliveryName: (name) => ARABIC_DELIVERY_NAMES[name] ?? name,
  quantity: (quantity, each) =>
    each
      ? fill(AR.quantityEach, { quantity: String(quantity), price: each })
      : fill(AR.quantity, { quantity: String(quantity) }),
  payShop: fill(AR.payShop, { shop: SHOP_NAME }),
  order: (orderNumber) => fill(AR.order, { orderNumber: isolateLtr(orderNumber) }),
  totalDue: AR.totalDue,
  labels: {
    email: AR.email,
    cardNumber: AR.cardNumber,
    expiry: AR.expiry,
    cvc: AR.cvc,
    cardholderName: AR.cardholderName,
  },
  expiryHint: AR.expiryHint,
  checkDetails: AR.checkDetails,
  payWithCard: AR.payWithCard,
  reserved: (time) => fill(AR.reserved, { time }),
  contactInformation: AR.contactInformation,
  cardInformation: AR.cardInformation,
  pay: (amount) => fill(AR.pay, { amount }),
  cancel: AR.cancel,
  errorPrefix: AR.errorPrefix,
  notFoundTitle: AR.notFoundTitle,
  alreadyPaidTitle: AR.alreadyPaidTitle,
  expiredTitle: AR.expiredTitle,
  returnToShop: fill(AR.returnToShop, { shop: SHOP_NAME }),
};

export const sandboxWords = (language: SandboxLanguage): SandboxWords => (language === 'ar' ? ARABIC : ENGLISH);

/** The words for a session's page; English without a session (an unknown id says nothing of its customer). */
const wordsOf = (session: SandboxSessionView | undefined) => sandboxWords(session ? sandboxLanguageOf(session) : 'en');

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

function checkExpiry(value: string, now: Date, M: SandboxMessages): string | undefined {
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

/** Stripe's checks in Stripe's words (or the page's Arabic for them), then what its test cards do. */
export function checkCard(form: CardForm, now: Date, M: SandboxMessages = SandboxCheckoutMessages): CardCheck {
  const fieldErrors: Partial<Record<CardField, string>> = {};
  const email = form.email.trim();
  if (!email) fieldErrors.email = M.emailIncomplete;
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fieldErrors.email = M.emailInvalid;

  const number = digits(form.cardNumber);
  if (!/^\d*$/.test(number)) fieldErrors.cardNumber = M.cardNumberInvalid;
  else if (number.length < 13) fieldErrors.cardNumber = M.cardNumberIncomplete;
  else if (number.length > 19 || !luhn(number)) fieldErrors.cardNumber = M.cardNumberInvalid;

  const expiryError = checkExpiry(form.expiry, now, M);
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

/** '4242424242424242' as printed on a card: '4242 4242 4242 4242'. */
const groupDigits = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/** What each of Stripe's test cards does here: pays, or is declined with that message. */
const TEST_CARD_OUTCOMES: { number: string; card: string; decline?: keyof SandboxMessages }[] = [
  { number: SANDBOX_TEST_CARDS.pays[0], card: 'Visa' },
  { number: SANDBOX_TEST_CARDS.pays[1], card: 'Mastercard' },
  { number: SANDBOX_TEST_CARDS.pays[2], card: 'Visa debit' },
  { number: SANDBOX_TEST_CARDS.declined, card: 'Visa', decline: 'cardDeclined' },
  { number: SANDBOX_TEST_CARDS.insufficientFunds, card: 'Visa', decline: 'insufficientFunds' },
  { number: SANDBOX_TEST_CARDS.expiredCard, card: 'Visa', decline: 'expiredCard' },
  { number: SANDBOX_TEST_CARDS.incorrectCvc, card: 'Visa', decline: 'incorrectCvc' },
];

/** The test cards and what each does, so a tester can try a decline without looking it up. */
function testCards(w: SandboxWords): string {
  const rows = TEST_CARD_OUTCOMES.map((card) => {
    const outcome = card.decline ? w.declined(w.messages[card.decline]) : w.pays;
    return `<tr><td class="card-number">${w.ltr(groupDigits(card.number))}<small>${escapeHtml(card.card)}</small></td><td>${escapeHtml(outcome)}</td></tr>`;
  }).join('\n');
  return `<section class="test-cards" aria-labelledby="test-cards-heading">
<h2 id="test-cards-heading">${escapeHtml(w.testCardsHeading)}</h2>
<p>${escapeHtml(w.testCardsHint)}</p>
<table>
<thead><tr><th scope="col">${escapeHtml(w.cardNumberColumn)}</th><th scope="col">${escapeHtml(w.resultColumn)}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>`;
}

function layout(w: SandboxWords, title: string, body: string): string {
  return `<!doctype html>
<html lang="${w.lang}"${w.dir === 'rtl' ? ' dir="rtl"' : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="${SANDBOX_STYLESHEET_PATH}">
</head>
<body>
<header class="test-mode"><p><strong>${escapeHtml(w.testMode)}</strong> <span>${w.ribbon}</span></p></header>
<main class="checkout">
${body}
</main>
</body>
</html>`;
}

function summary(w: SandboxWords, session: SandboxSessionView): string {
  const lines = session.lines
    .map((line) => {
      const total = w.price(line.unitAmountFils * line.quantity);
      const detail = line.delivery
        ? w.delivery
        : w.quantity(line.quantity, line.quantity > 1 ? w.price(line.unitAmountFils) : undefined);
      return `<li class="line"><span class="line-name">${escapeHtml(line.delivery ? w.deliveryName(line.name) : line.name)}<small>${escapeHtml(detail)}</small></span><span class="line-total">${total}</span></li>`;
    })
    .join('\n');
  const orderNumber = session.metadata.orderNumber;
  return `<section class="summary" aria-labelledby="summary-heading">
<p class="shop-name">${SHOP_NAME}</p>
<h1 id="summary-heading">${escapeHtml(w.payShop)} <span class="amount">${w.price(session.amountTotalFils)}</span></h1>
${orderNumber ? `<p class="order-number">${escapeHtml(w.order(orderNumber))}</p>` : ''}
<ul class="lines">
${lines}
</ul>
<p class="total"><span>${escapeHtml(w.totalDue)}</span><span>${w.price(session.amountTotalFils)}</span></p>
</section>`;
}

export type PageState = {
  values?: Partial<CardForm>;
  fieldErrors?: Partial<Record<CardField, string>>;
  decline?: { message: string; field: CardField };
};

/** `dir`: what the field holds runs left to right (digits, an e-mail address) or follows what is typed. */
const FIELDS: { name: CardField; id: string; input: string; dir: 'ltr' | 'auto' }[] = [
  { name: 'email', id: 'email', input: 'type="email" autocomplete="email" spellcheck="false"', dir: 'ltr' },
  {
    name: 'cardNumber',
    id: 'card-number',
    input: 'type="text" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23"',
    dir: 'ltr',
  },
  {
    name: 'expiry',
    id: 'expiry',
    input: 'type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="9"',
    dir: 'ltr',
  },
  {
    name: 'cvc',
    id: 'cvc',
    input: 'type="text" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4"',
    dir: 'ltr',
  },
  { name: 'cardholderName', id: 'cardholder-name', input: 'type="text" autocomplete="cc-name"', dir: 'auto' },
];

/** The open session's page: summary, the time it is held, and the card form (with errors, if any). */
export function renderPaymentPage(session: SandboxSessionView, state: PageState = {}): string {
  const w = wordsOf(session);
  const values = { email: session.customerEmail ?? '', ...state.values };
  const errors: Partial<Record<CardField, string>> = { ...state.fieldErrors };
  const hasErrors = Object.keys(errors).length > 0 || state.decline !== undefined;
  const until = w.time(session.expiresAt);

  const alert = state.decline
    ? `<div class="alert" role="alert" id="form-error" tabindex="-1" autofocus><p>${escapeHtml(state.decline.message)}</p></div>`
    : hasErrors
      ? `<div class="alert" role="alert" id="form-error" tabindex="-1" autofocus><p>${escapeHtml(w.checkDetails)}</p><ul>${FIELDS.filter(
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
<label for="${f.id}">${escapeHtml(w.labels[f.name])}</label>
${f.name === 'expiry' ? `<span class="hint" id="expiry-hint">${escapeHtml(w.expiryHint)}</span>` : ''}
<input id="${f.id}" name="${f.name}" ${f.input}${w.dir === 'rtl' ? ` dir="${f.dir}"` : ''} required value="${escapeHtml(keep)}"${invalid ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}>
${error ? `<p class="field-error" id="${f.id}-error">${escapeHtml(error)}</p>` : ''}
</div>`;
  };

  const body = `${summary(w, session)}
<section class="payment" aria-labelledby="payment-heading">
<h2 id="payment-heading">${escapeHtml(w.payWithCard)}</h2>
<p class="reserved">${w.reserved(`<time datetime="${session.expiresAt.toISOString()}">${until}</time>`)}</p>
${alert}
<form method="post" action="/sandbox/checkout/${encodeURIComponent(session.id)}" novalidate>
<fieldset>
<legend>${escapeHtml(w.contactInformation)}</legend>
${field(FIELDS[0]!)}
</fieldset>
<fieldset>
<legend>${escapeHtml(w.cardInformation)}</legend>
${field(FIELDS[1]!)}
<div class="row">
${field(FIELDS[2]!)}
${field(FIELDS[3]!)}
</div>
${field(FIELDS[4]!)}
</fieldset>
<button type="submit" class="pay">${escapeHtml(w.pay(w.price(session.amountTotalFils)))}</button>
</form>
<p class="cancel"><a href="${escapeHtml(session.cancelUrl)}">${escapeHtml(w.cancel)}</a></p>
${testCards(w)}
</section>`;
  return layout(w, `${hasErrors ? w.errorPrefix : ''}${w.payShop} – ${w.testMode}`, body);
}

/** A session that can no longer be paid (already paid, expired) or does not exist. */
export function renderMessagePage(options: {
  title: string;
  message: string;
  link?: { href: string; text: string };
  session?: SandboxSessionView;
}): string {
  const w = wordsOf(options.session);
  const body = `${options.session ? summary(w, options.session) : `<p class="shop-name">${SHOP_NAME}</p>`}
<section class="payment" aria-labelledby="message-heading">
<h2 id="message-heading">${escapeHtml(options.title)}</h2>
<p class="message" role="status">${escapeHtml(options.message)}</p>
${options.link ? `<p><a class="button-link" href="${escapeHtml(options.link.href)}">${escapeHtml(options.link.text)}</a></p>` : ''}
</section>`;
  return layout(w, `${options.title} – ${w.testMode}`, body);
}

export const SANDBOX_STYLESHEET_PATH = '/sandbox/checkout.css';

/**
 * Mobile first (one column from 320 px), large targets, visible focus, WCAG AA contrast. Logical
 * properties only (inline-start/end), so the Arabic page (dir="rtl") mirrors with the same sheet.
 */
export const SANDBOX_STYLESHEET = `*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:100%;color:#1a1f36;background:#f6f8fa}
body{margin:0;line-height:1.5}
.test-mode p{margin:0}
.test-mode{margin:0;padding:.5rem 1rem;background:#ffde92;color:#3d2800;text-align:center;font-size:.9rem}
.test-mode strong{display:inline-block;margin-inline-end:.5rem;padding:0 .4rem;border:2px solid #3d2800;border-radius:4px;letter-spacing:.05em}
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
.reserved{padding:.75rem;background:#eef4ff;border-inline-start:4px solid #3057d5;border-radius:4px}
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
.alert ul{margin:.25rem 0 0;padding-inline-start:1.25rem}
.alert a{color:#8a0c2b}
.pay{display:block;width:100%;min-height:48px;padding:.75rem 1rem;font:inherit;font-size:1.1rem;font-weight:600;color:#fff;background:#0a2540;border:0;border-radius:6px;cursor:pointer}
.pay:hover{background:#163a63}
.cancel{text-align:center}
a{color:#3057d5}
.test-cards{margin-top:1.5rem;padding-top:1rem;border-top:1px solid #e3e8ee}
.test-cards h2{font-size:1.1rem}
.test-cards p{margin:0 0 .75rem;color:#3c4257}
.test-cards table{width:100%;border-collapse:collapse;font-size:.9rem}
.test-cards th,.test-cards td{padding-block:.4rem;padding-inline:0 .5rem;text-align:start;vertical-align:top;border-bottom:1px solid #e3e8ee}
.test-cards th{font-weight:600;color:#3c4257}
.card-number{white-space:nowrap;font-variant-numeric:tabular-nums}
.card-number small{display:block;color:#545969}
.button-link{display:inline-block;min-height:44px;padding:.6rem 1rem;border-radius:6px;background:#0a2540;color:#fff;text-decoration:none;font-weight:600}
`;
