/**
 * What the sandbox's hosted payment page (/sandbox/checkout/{sessionId}) says, in Stripe
 * Checkout's own words, so a customer and the browser journeys meet the same messages as on Stripe.
 */
export const SandboxCheckoutMessages = {
  emailIncomplete: 'Your email address is incomplete.',
  emailInvalid: 'Your email address is invalid.',
  cardNumberIncomplete: 'Your card number is incomplete.',
  cardNumberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryYearPast: "Your card's expiration year is in the past.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  nameRequired: 'Your cardholder name is incomplete.',
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  notATestCard: 'Your card was declined. This is a test page: use a test card such as 4242 4242 4242 4242.',
  alreadyPaid: 'This order has already been paid. You have not been charged again.',
  expired: 'This payment page has expired, so it can no longer be paid.',
  notFound: 'This payment page does not exist.',
} as const;

/**
 * While payments go to the sandbox (no Stripe keys: decision 060), every storefront page carries
 * the ribbon and staff see the badge on each order placed that way: no card was charged for it.
 */
export const TestModeMessages = {
  ribbon: 'TEST MODE — no real payments',
  ribbonLabel: 'Test mode',
  badge: 'TEST',
  /** Read after the badge by screen readers, and shown as its tooltip. */
  badgeNote: 'Placed in TEST MODE: no card was charged',
} as const;

/** Stripe's test cards the sandbox honours (digits only), and what each does. */
export const SANDBOX_TEST_CARDS = {
  pays: ['4242424242424242', '5555555555554444', '4000056655665556'],
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expiredCard: '4000000000000069',
  incorrectCvc: '4000000000000127',
} as const;
