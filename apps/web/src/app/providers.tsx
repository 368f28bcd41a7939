import { useEffect, useRef, useState, type ReactNode } from 'react';
import { QueryClientProvider, type Query, type QueryClient } from '@tanstack/react-query';
import type { MergeCart } from '@bookshop/contracts/cart';
import { PersonType } from '@bookshop/contracts/enums';
import {
  getSession,
  onSessionEvent,
  restoreSession,
  subscribeToSession,
  useCurrentUser,
} from '../features/auth/session/session-store.ts';
import { guestCart } from '../features/cart/guest-cart.ts';
import { api } from '../lib/api-client.ts';
import { AppBookActionsProvider } from './book-actions-provider.tsx';
import { createQueryClient } from './query-client.ts';
import { showRequestErrorToast } from './request-error-toast.ts';
import { authKeys, authorKeys, bookKeys, cartKeys, configKeys, genreKeys } from '../lib/query-keys.ts';

type ProvidersProps = { children: ReactNode; queryClient?: QueryClient };

/** Everything the pages rely on; tests pass their own QueryClient to start from an empty cache. */
export function AppProviders({ children, queryClient }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useSessionHousekeeping(client);
  return (
    <QueryClientProvider client={client}>
      <AppBookActionsProvider>{children}</AppBookActionsProvider>
    </QueryClientProvider>
  );
}

/** Cached data anyone may see; everything else belongs to the person logged in. */
const PUBLIC_QUERY_ROOTS = new Set<unknown>(
  [bookKeys.all, genreKeys.all, authorKeys.all, configKeys.all, authKeys.all].map(([root]) => root),
);
const PRIVATE_QUERIES = { predicate: (query: Query) => !PUBLIC_QUERY_ROOTS.has(query.queryKey[0]) };

/**
 * What login and logout mean beyond the auth feature (spec section 4): logout clears the cart and
 * the wishlist, and nobody sees the previous person's cached data; login moves the guest cart
 * into the customer's server cart (decision 010).
 */
function useSessionHousekeeping(client: QueryClient) {
  useEffect(() => {
    // Spec section 4: one refresh on first load; pages that depend on it wait (session-gate.tsx).
    void restoreSession();
    let identity = identityOf(getSession().user);
    const unsubscribe = subscribeToSession(() => {
      const next = identityOf(getSession().user);
      if (next === identity) return;
      // The previous person's requests in flight are dropped at once: logout revokes the token
      // they carry, so they could only come back as a 401 (a console error) for someone who left.
      if (identity !== undefined) void client.cancelQueries(PRIVATE_QUERIES);
      identity = next;
    });
    const stopListening = onSessionEvent((event) => {
      if (event.type === 'ended') guestCart.clear();
      else if (event.user.personType === PersonType.Customer) void mergeGuestCart(client);
    });
    return () => {
      unsubscribe();
      stopListening();
    };
  }, [client]);

  // Their cached data goes once the page has re-rendered for the new person (effects run children
  // first): a query removed while a component still held its options from before would be fetched
  // again at once, without a token.
  const identity = identityOf(useCurrentUser());
  const previous = useRef(identity);
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== identity) client.removeQueries(PRIVATE_QUERIES);
    previous.current = identity;
  }, [client, identity]);
}

const identityOf = (user: { id: number; personType: number } | null) =>
  user ? `${user.personType}:${user.id}` : undefined;

/** `POST v1/cart/merge`, once right after login; on failure the guest cart stays for the next login. */
async function mergeGuestCart(client: QueryClient) {
  const items: MergeCart['items'] = Object.values(guestCart.get()).map((item) => ({
    bookId: item.id,
    quantity: item.quantity,
  }));
  if (items.length === 0) return;
  try {
    await api('v1/cart/merge', { method: 'POST', body: { items } });
    guestCart.clear();
    await client.invalidateQueries({ queryKey: cartKeys.all });
  } catch (error) {
    showRequestErrorToast(error);
  }
}
