import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ChangePasswordValues } from '../lib/account-schemas.ts';

/** `PATCH v1/customers` with the current and the new password. */
export function changePassword(body: ChangePasswordValues): Promise<unknown> {
  return api<unknown>('v1/customers', { method: 'PATCH', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
