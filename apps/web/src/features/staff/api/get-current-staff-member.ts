import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffMember } from '@bookshop/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { staffKeys } from '../../../lib/query-keys.ts';

/** `GET v1/users/me`: the signed-in staff member, New User included. */
export function getCurrentStaffMember(signal?: AbortSignal): Promise<StaffMember> {
  return api<StaffMember>('v1/users/me', { signal });
}

export function currentStaffMemberQueryOptions() {
  return queryOptions({
    queryKey: staffKeys.me,
    queryFn: ({ signal }) => getCurrentStaffMember(signal),
  });
}

export function useCurrentStaffMember(options: { refetchInterval?: number } = {}) {
  return useQuery({ ...currentStaffMemberQueryOptions(), ...options });
}
