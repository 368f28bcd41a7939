import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { authAreas, type AuthArea } from '../lib/auth-area.ts';
import { logAuthFailure } from '../lib/log-auth-failure.ts';

/** `POST …/resend-confirmation`: 202 with the same message whether or not the address is registered. */
export function resendConfirmation(area: AuthArea, emailAddress: string): Promise<{ message: string }> {
  return logAuthFailure(
    api<{ message: string }>(`${authAreas[area].apiPrefix}/resend-confirmation`, {
      method: 'POST',
      body: { emailAddress },
      noRefresh: true,
    }),
  );
}

export function useResendConfirmation(area: AuthArea) {
  return useMutation({ mutationFn: (emailAddress: string) => resendConfirmation(area, emailAddress) });
}
