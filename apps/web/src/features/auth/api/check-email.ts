import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { authAreas, type AuthArea } from '../lib/auth-area.ts';
import { logAuthFailure } from '../lib/log-auth-failure.ts';

/** `POST …/check-email`: true when the address already has an account of this person type. */
export function checkEmail(area: AuthArea, emailAddress: string): Promise<boolean> {
  const { apiPrefix, personType } = authAreas[area];
  return logAuthFailure(
    api<boolean>(`${apiPrefix}/check-email`, {
      method: 'POST',
      body: { emailAddress, type: personType },
      noRefresh: true,
    }),
  );
}

export function useCheckEmail(area: AuthArea) {
  return useMutation({
    mutationFn: async (emailAddress: string) => ({ emailAddress, registered: await checkEmail(area, emailAddress) }),
  });
}
