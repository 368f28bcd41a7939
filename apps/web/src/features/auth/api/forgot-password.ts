import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { authAreas, type AuthArea } from '../lib/auth-area.ts';
import { logAuthFailure } from '../lib/log-auth-failure.ts';

/** `POST …/forgot-password`: mails a reset link when the address is registered; 202 either way. */
export function forgotPassword(area: AuthArea, emailAddress: string): Promise<{ message: string }> {
  return logAuthFailure(
    api<{ message: string }>(`${authAreas[area].apiPrefix}/forgot-password`, {
      method: 'POST',
      body: { emailAddress },
      noRefresh: true,
    }),
  );
}

export function useForgotPassword(area: AuthArea) {
  return useMutation({ mutationFn: (emailAddress: string) => forgotPassword(area, emailAddress) });
}
