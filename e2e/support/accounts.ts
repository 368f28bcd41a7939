import { randomBytes } from 'node:crypto';
import { baseUrl } from './browser.ts';
import { clientAddress } from './client-address.ts';
import { waitForMailLink } from './mail.ts';

export { logInThroughForm, logInToAdmin } from './log-in.ts';
export { createStaffMember, DEMO_ADMIN } from './staff.ts';

export const TEST_PASSWORD = 'Reading-1s-fun!';

export type Customer = { emailAddress: string; password: string; token: string };

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(`${baseUrl}/api/v1/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': clientAddress(),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path} → ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

/**
 * Registers a customer through the API and confirms the address with the link the shop mailed;
 * `preferredLanguage` 'ar' gets the mails in Arabic, with links to the Arabic pages.
 */
export async function createConfirmedCustomer({
  preferredLanguage = 'en',
}: { preferredLanguage?: 'en' | 'ar' } = {}): Promise<Customer> {
  const id = randomBytes(4).toString('hex');
  const emailAddress = `shopper-${id}@example.com`;
  await post('customers/register', {
    emailAddress,
    userName: `shopper${id}`,
    firstName: 'Omar',
    lastName: 'Saleh',
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    preferredLanguage,
  });
  const confirmationPath = preferredLanguage === 'ar' ? '/ar/email-confirmation' : '/email-confirmation';
  const link = new URL(await waitForMailLink(emailAddress, confirmationPath));
  await post(`customers/confirm-email/${link.searchParams.get('id')}`, {});
  const { token } = (await post('customers/login', { emailAddress, password: TEST_PASSWORD })) as { token: string };
  return { emailAddress, password: TEST_PASSWORD, token };
}

export const apiAs = (customer: Customer) => ({
  post: (path: string, body: unknown) => post(path, body, customer.token),
  async get<T>(path: string): Promise<T> {
    const res = await fetch(`${baseUrl}/api/v1/${path}`, {
      headers: { authorization: `Bearer ${customer.token}`, 'x-forwarded-for': clientAddress() },
    });
    if (!res.ok) throw new Error(`GET ${path} → ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  },
});
