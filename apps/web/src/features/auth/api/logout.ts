import { api } from '../../../lib/api-client.ts';

/** `POST v1/users/logout`: ends this browser's session on the server. Errors are swallowed (spec section 8). */
export async function logoutRequest(): Promise<void> {
  try {
    await api<null>('v1/users/logout', { method: 'POST', noRefresh: true });
  } catch {
    // The local session is cleared anyway; an unreachable server must not keep anyone logged in.
  }
}
