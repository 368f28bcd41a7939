import { useMutation } from '@tanstack/react-query';
import type { ResetPassword } from '@bookshop/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { authAreas, type AuthArea } from '../lib/auth-area.ts';
import { logAuthFailure } from '../lib/log-auth-failure.ts';

/** `POST …/reset-password` with the token from the mail; every session of the account ends. */
export function resetPassword(area: AuthArea, body: ResetPassword): Promise<{ emailAddress: string }> {
  return logAuthFailure(
    api<{ emailAddress: string }>(`${authAreas[area].apiPrefix}/reset-password`, {
      method: 'POST',
      body,
      noRefresh: true,
    }),
  );
}

export function useResetPassword(area: AuthArea) {
  return useMutation({ mutationFn: (body: ResetPassword) => resetPassword(area, body) });
}
