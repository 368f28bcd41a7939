import { useMutation } from '@tanstack/react-query';
import type { ChangePassword } from '@bookshop/contracts/account';
import { api } from '../../../lib/api-client.ts';

/** `PATCH v1/customers`: answers the message to show; the customer's other sessions end. */
export function changePassword(body: ChangePassword): Promise<{ message: string }> {
  return api('v1/customers', { method: 'PATCH', body });
}

export function useChangePassword(send: (body: ChangePassword) => Promise<{ message: string }> = changePassword) {
  return useMutation({ mutationFn: send });
}
