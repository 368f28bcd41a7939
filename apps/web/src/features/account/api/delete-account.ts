import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `DELETE v1/customers/account`, confirmed with the password. */
export function deleteAccount(body: { password: string }): Promise<unknown> {
  return api<unknown>('v1/customers/account', { method: 'DELETE', body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
