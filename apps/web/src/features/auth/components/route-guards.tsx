import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Routes } from '@bookshop/contracts/routes';
import { authAreas, type AuthArea } from '../lib/auth-area.ts';
import { originOf, type OriginState } from '../lib/origin.ts';
import { PageLoading } from '../../../ui/page-loading.tsx';
import { isCustomer, isStaff } from '../session/session-store.ts';
import { useRestoredUser } from './session-gate.tsx';

type GuardProps = {
  /** What to show when allowed; a guard used as a layout route renders its child routes instead. */
  children?: ReactNode;
};

/** Sends the visitor to a login page, remembering where they were so login can bring them back. */
function LoginRedirect({ to }: { to: string }) {
  const { pathname, search, hash } = useLocation();
  const state: OriginState = { from: { pathname, search, hash } };
  return <Navigate to={to} replace state={state} />;
}

/** Account pages (spec section 2): a logged-in customer, else /login remembering the origin. */
export function RequireCustomer({ children }: GuardProps) {
  const user = useRestoredUser();
  if (user === undefined) return <PageLoading />;
  if (!isCustomer(user)) return <LoginRedirect to={Routes.login} />;
  return children ?? <Outlet />;
}

/** Admin pages (spec section 6): a logged-in Internal user, else /admin/login remembering the origin. */
export function RequireStaff({ children }: GuardProps) {
  const user = useRestoredUser();
  if (user === undefined) return <PageLoading />;
  if (!isStaff(user)) return <LoginRedirect to={Routes.adminLogin} />;
  return children ?? <Outlet />;
}

/**
 * Login, register and e-mail confirmation pages: someone already logged in to this area goes back
 * to the origin, else to the area's home (spec section 2). This is also how a login returns.
 */
export function RedirectWhenLoggedIn({ area, children }: GuardProps & { area: AuthArea }) {
  const user = useRestoredUser();
  const location = useLocation();
  if (user === undefined) return <PageLoading />;
  const loggedIn = area === 'customer' ? isCustomer(user) : isStaff(user);
  if (loggedIn) return <Navigate to={originOf(location.state) ?? authAreas[area].home} replace />;
  return children ?? <Outlet />;
}
