import type { FastifyRequest } from 'fastify';
import type { PreferredLanguage } from '@bookshop/contracts/auth';
import { acceptedChoices } from './accept-header.ts';

/*
 * Which of the shop's languages a request is in (decisions 089 and 094), in one place: the
 * storefront's API client sends its page's language as Accept-Language, and the storefront's
 * language switch remembers the visitor's last choice in the `lang` cookie.
 */

/** The storefront's cookie of the visitor's last chosen language (`lang=ar|en`, decision 089). */
const LANGUAGE_COOKIE = 'lang';

/**
 * The language a request prefers most, lower case ('ar', 'en-gb'): the highest `q` of its
 * Accept-Language, the first named on a tie; '' when it names none (or only `*`).
 */
export function preferredLanguage(header: string | undefined): string {
  let best = '';
  let bestQ = 0;
  for (const { value, q } of acceptedChoices(header)) {
    if (value === '*' || q <= bestQ) continue;
    best = value;
    bestQ = q;
  }
  return best;
}

/** Arabic when the language Accept-Language prefers most is Arabic ('ar', 'ar-AE'). */
const acceptsArabicFirst = (request: FastifyRequest) => {
  const language = preferredLanguage(request.headers['accept-language']);
  return language === 'ar' || language.startsWith('ar-');
};

/**
 * The language of the page a request comes from, by Accept-Language alone: an address that leads
 * the customer back (a payment page's return) keeps them in the page's language, and its problems
 * are in it (problem-language.ts).
 */
export const pageLanguage = (request: FastifyRequest): PreferredLanguage => (acceptsArabicFirst(request) ? 'ar' : 'en');

/**
 * The request's language, for what no page decides (a new customer's preferred language, the mails
 * of a guest's message): Arabic when Accept-Language names Arabic first; else the `lang` cookie when
 * it says `ar` or `en` (the Google sign-in callback page is English whatever page the customer
 * started from); else English.
 */
export function requestLanguage(request: FastifyRequest): PreferredLanguage {
  if (acceptsArabicFirst(request)) return 'ar';
  const cookie = request.cookies[LANGUAGE_COOKIE];
  return cookie === 'ar' || cookie === 'en' ? cookie : 'en';
}
