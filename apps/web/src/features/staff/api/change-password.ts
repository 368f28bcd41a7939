import type { ChangePassword } from '@bookshop/contracts/account';
import { api } from '../../../lib/api-client.ts';

/** `PATCH v1/users` (like `PATCH v1/customers`): answers the message to show; other sessions end. */
export function changeStaffPassword(body: ChangePassword): Promise<{ message: string }> {
  return api('v1/users', { method: 'PATCH', body });
}
