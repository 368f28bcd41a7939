import { useEffect, type ReactNode } from 'react';
import { restoreSession, useSession } from '../session/session-store.ts';

/** Spec section 4: routes render only once the first-load token refresh has answered. */
export function SessionGate({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { status } = useSession();
  useEffect(() => {
    void restoreSession();
  }, []);
  return status === 'restoring' ? fallback : children;
}
