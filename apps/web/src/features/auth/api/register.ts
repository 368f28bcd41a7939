import { useMutation } from '@tanstack/react-query';
import type { CustomerProfile, CustomerRegister, StaffMember, StaffRegister } from '@bookshop/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { logAuthFailure } from '../lib/log-auth-failure.ts';

/** `POST v1/customers/register`: 201 with the profile; a confirmation mail is on its way. */
export function registerCustomer(body: CustomerRegister): Promise<CustomerProfile> {
  return logAuthFailure(api<CustomerProfile>('v1/customers/register', { method: 'POST', body, noRefresh: true }));
}

/** `POST v1/users/register`: 201 with the staff member, whose role is New User until an Admin changes it. */
export function registerStaff(body: StaffRegister): Promise<StaffMember> {
  return logAuthFailure(api<StaffMember>('v1/users/register', { method: 'POST', body, noRefresh: true }));
}

export function useRegisterCustomer() {
  return useMutation({ mutationFn: registerCustomer });
}

export function useRegisterStaff() {
  return useMutation({ mutationFn: registerStaff });
}
