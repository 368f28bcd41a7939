import { useMutation } from '@tanstack/react-query';
import type { Login, LoggedInUser } from '@bookshop/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { authAreas, type AuthArea } from '../lib/auth-area.ts';
import { logAuthFailure } from '../lib/log-auth-failure.ts';
import { startSession } from '../session/session-store.ts';

/** `POST v1/customers/login` or `v1/users/login` with the person type of the area (spec section 6). */
export function login(area: AuthArea, credentials: Login): Promise<LoggedInUser> {
  const { apiPrefix, personType } = authAreas[area];
  return logAuthFailure(
    api<LoggedInUser>(`${apiPrefix}/login`, { method: 'POST', body: { ...credentials, personType }, noRefresh: true }),
  );
}

export function useLogin(area: AuthArea) {
  return useMutation({
    mutationFn: (credentials: Login) => login(area, credentials),
    onSuccess: (user) => startSession(user),
  });
}
