import { useSyncExternalStore } from 'react';
import type { LoggedInUser } from '@bookshop/contracts/auth';
import { PersonType } from '@bookshop/contracts/enums';
import { configureSessionRefresh, tokenStore } from '../../../lib/api-client.ts';
import { logoutRequest } from '../api/logout.ts';
import { refreshSession } from '../api/refresh-session.ts';
import { tokenExpiresAt } from '../lib/jwt.ts';
import { mayHaveSession } from '../lib/session-marker.ts';
import { toast } from '../../../ui/toast.tsx';

/*
 * Who is logged in, for the whole app (spec section 4: logged out or logged in). The user comes
 * from login, Google sign-in or a token refresh; the access token goes to the api client, the
 * refresh token stays in its httpOnly cookie where scripts cannot read it.
 */

export type SessionState = {
  /** 'restoring' until the first-load refresh has answered; routes render only after it. */
  status: 'restoring' | 'ready';
  user: LoggedInUser | null;
};

/** started: login or Google sign-in; ended: logout, or the session could not be refreshed. */
export type SessionEvent = { type: 'started'; user: LoggedInUser } | { type: 'ended'; user: LoggedInUser };

const INITIAL: SessionState = { status: 'restoring', user: null };

let state: SessionState = INITIAL;
const listeners = new Set<() => void>();
const eventListeners = new Set<(event: SessionEvent) => void>();

function setState(next: SessionState) {
  state = next;
  if (tokenStore.get() !== (next.user?.token ?? null)) tokenStore.set(next.user?.token ?? null);
  scheduleRefresh(next.user?.token);
  for (const listener of listeners) listener();
}

function emit(event: SessionEvent) {
  for (const listener of eventListeners) listener(event);
}

export const getSession = () => state;

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Login, Google sign-in and cart merging listen here; the app composes what each event means. */
export function onSessionEvent(listener: (event: SessionEvent) => void): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

/** A successful login or Google sign-in. */
export function startSession(user: LoggedInUser) {
  // A 'Login Failed' toast must not follow the visitor onto the page a successful login opens.
  toast.dismissErrors();
  setState({ status: 'ready', user });
  emit({ type: 'started', user });
}

/** Forgets the user locally; listeners clear the guest cart and the cached wishlist. */
export function endSession() {
  const { user } = state;
  setState({ status: 'ready', user: null });
  if (user) emit({ type: 'ended', user });
}

/** Logout (spec section 4): clears the session at once and tells the server, swallowing errors. */
export async function logout(): Promise<void> {
  // The request goes first so it still carries this session's cookie; the UI does not wait for it.
  const request = logoutRequest();
  endSession();
  await request;
}

let refreshing: Promise<boolean> | null = null;

/**
 * One token refresh at a time; true when the session was renewed (role changes arrive this way too).
 * Asked only when the session marker says a refresh cookie may exist, so a visitor's load makes
 * no request that can only fail with a 401 (decision 076).
 */
export function refresh(): Promise<boolean> {
  if (!mayHaveSession()) return Promise.resolve(false);
  refreshing ??= refreshSession()
    .then(
      (user) => {
        setState({ status: 'ready', user });
        return true;
      },
      () => false,
    )
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

let restoring: Promise<void> | null = null;

/**
 * Spec section 4: on first load, one refresh is tried before routes render (when a session may
 * exist, see `refresh`). Runs once per page load.
 */
export function restoreSession(): Promise<void> {
  restoring ??= refresh().then(() => {
    if (state.status === 'restoring') setState({ ...state, status: 'ready' });
  });
  return restoring;
}

/**
 * Spec section 4: on a 401 or 403 the api client refreshes once and retries once; when the
 * refresh fails a logged-in visitor is logged out and sent to `whenLost` (the home page).
 */
export function installSessionRefresh(whenLost: () => Promise<void> | void) {
  configureSessionRefresh(refresh, () => {
    if (!state.user) return;
    // Leave first, so the guard of the page left behind does not send the visitor to a login page.
    void Promise.resolve(whenLost()).finally(endSession);
  });
}

// Renews the access token a minute before its exp claim, so requests rarely meet a 401.
const REFRESH_AHEAD_MS = 60_000;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let scheduledFor: string | undefined;

function scheduleRefresh(token: string | undefined) {
  if (token === scheduledFor) return;
  clearTimeout(refreshTimer);
  scheduledFor = token;
  const expiresAt = token ? tokenExpiresAt(token) : undefined;
  if (expiresAt === undefined) return;
  refreshTimer = setTimeout(() => void refresh(), Math.max(0, expiresAt - Date.now() - REFRESH_AHEAD_MS));
}

/** For tests: back to the first-load state. */
export function resetSession() {
  clearTimeout(refreshTimer);
  scheduledFor = undefined;
  refreshing = null;
  restoring = null;
  state = INITIAL;
  tokenStore.set(null);
  for (const listener of listeners) listener();
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeToSession, getSession, getSession);
}

export function useCurrentUser(): LoggedInUser | null {
  return useSession().user;
}

export const isCustomer = (user: LoggedInUser | null): user is LoggedInUser => user?.personType === PersonType.Customer;
export const isStaff = (user: LoggedInUser | null): user is LoggedInUser => user?.personType === PersonType.Internal;
