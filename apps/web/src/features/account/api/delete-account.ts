import { useMutation } from '@tanstack/react-query';
import type { DeleteAccount } from '@bookshop/contracts/account';
import { api } from '../../../lib/api-client.ts';

/** `DELETE v1/customers/account`, confirmed with the password, or with DELETE by a Google-only account (204). */
export function deleteAccount(body: DeleteAccount): Promise<void> {
  return api<undefined>('v1/customers/account', { method: 'DELETE', body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
