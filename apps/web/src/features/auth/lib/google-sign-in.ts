import { Routes } from '@bookshop/contracts/routes';
import { pageLanguage } from '../../../lib/i18n/i18n.tsx';
import type { Locale } from '../../../lib/i18n/locale.ts';
import { decodeJwtPayload } from './jwt.ts';

/*
 * Google sign-in as spec section 2 describes it: a browser redirect to Google's authorization
 * page asking for an id_token, with a random nonce this tab remembers; Google sends the visitor
 * back to /auth/google/callback with the token in the URL fragment. The same redirect links
 * Google to a signed-in customer's account (decision 055); the tab remembers which it was.
 */

export const GOOGLE_AUTHORIZATION_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
const STORAGE_KEY = 'bookshop.google-sign-in';

/** 'sign-in' logs in (or up); 'link' adds Google sign-in to the signed-in customer's account. */
export type GooglePurpose = 'sign-in' | 'link';

/**
 * `locale` is the language of the page the visitor left for Google: Google returns to the one
 * registered callback address, an English page, and the visitor goes on in their language from there.
 */
type PendingSignIn = { nonce: string; from?: string; purpose?: GooglePurpose; locale?: Locale };

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** This site's public origin plus the callback path; it must be listed in the Google client's redirect URIs. */
export const googleRedirectUri = () => `${window.location.origin}${Routes.googleCallback}`;

/**
 * The authorization URL, remembering the nonce, where to return and what for in session storage.
 * Linking suggests the account's own address to Google (`loginHint`), the one the API accepts.
 */
export function prepareGoogleSignIn(
  clientId: string,
  from?: string,
  { purpose = 'sign-in', loginHint }: { purpose?: GooglePurpose; loginHint?: string } = {},
): string {
  const pending: PendingSignIn = { nonce: randomNonce(), from, purpose, locale: pageLanguage() };
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: googleRedirectUri(),
    response_type: 'id_token',
    scope: 'openid email profile',
    nonce: pending.nonce,
    prompt: 'select_account',
    ...(loginHint && { login_hint: loginHint }),
  });
  return `${GOOGLE_AUTHORIZATION_URL}?${params.toString()}`;
}

export type GoogleCallback = { purpose: GooglePurpose; locale: Locale } & (
  { ok: true; idToken: string; nonce: string; from?: string } | { ok: false; reason: 'cancelled' | 'invalid' }
);

/**
 * Reads the fragment Google returned and checks it against this tab's pending sign-in: a token
 * must be present and carry the nonce we generated (the API checks it again, with the signature).
 * The pending sign-in is used up either way.
 */
export function readGoogleCallback(hash: string): GoogleCallback {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  let pending: PendingSignIn | undefined;
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY);
    pending = stored ? (JSON.parse(stored) as PendingSignIn) : undefined;
  } catch {
    pending = undefined;
  }
  sessionStorage.removeItem(STORAGE_KEY);
  const purpose = pending?.purpose === 'link' ? 'link' : 'sign-in';
  const locale = pending?.locale === 'ar' ? 'ar' : 'en';
  if (params.get('error')) return { purpose, locale, ok: false, reason: 'cancelled' };
  const idToken = params.get('id_token');
  if (!idToken || !pending?.nonce || decodeJwtPayload(idToken)?.nonce !== pending.nonce) {
    return { purpose, locale, ok: false, reason: 'invalid' };
  }
  return { purpose, locale, ok: true, idToken, nonce: pending.nonce, from: pending.from };
}

let lastRead: { hash: string; result: GoogleCallback } | undefined;

/** readGoogleCallback, answering the same fragment the same way when a page asks twice (strict mode). */
export function readGoogleCallbackOnce(hash: string): GoogleCallback {
  if (lastRead?.hash !== hash) lastRead = { hash, result: readGoogleCallback(hash) };
  return lastRead.result;
}
