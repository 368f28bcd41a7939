import { randomBytes } from 'node:crypto';
import { baseUrl } from './browser.ts';
import { clientAddress } from './client-address.ts';
import { waitForMailLink } from './mail.ts';

export { logInToAdmin } from './log-in.ts';

export const DEMO_ADMIN = { emailAddress: 'admin@bookshop.local', password: 'Demo-admin1!' };
const PASSWORD = 'Reading-1s-fun!';

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api/v1/${path}`, {
    method,
    headers: {
      'x-forwarded-for': clientAddress(),
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

type LoggedIn = { id: number; token: string };
const logInStaff = (emailAddress: string, password: string) =>
  call<LoggedIn>('POST', 'users/login', { emailAddress, password });

/**
 * A confirmed staff member with the given role: registered through the API, confirmed with the
 * mailed link, and promoted by the demo admin (PATCH v1/users/{id}/role).
 */
export async function createStaffMember(role: 'User' | 'Supervisor' | 'Admin') {
  const id = randomBytes(4).toString('hex');
  const emailAddress = `staff-${id}@example.com`;
  await call('POST', 'users/register', {
    emailAddress,
    userName: `staff${id}`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  const link = new URL(await waitForMailLink(emailAddress, '/admin/email-confirmation'));
  await call('POST', `users/confirm-email/${link.searchParams.get('id')}`, {});
  const member = await logInStaff(emailAddress, PASSWORD);
  const admin = await logInStaff(DEMO_ADMIN.emailAddress, DEMO_ADMIN.password);
  await call('PATCH', `users/${member.id}/role`, { role }, admin.token);
  return { emailAddress, password: PASSWORD };
}
