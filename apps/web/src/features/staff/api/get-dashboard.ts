import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard, DashboardRange } from '@bookshop/contracts/dashboard';
import { api } from '../../../lib/api-client.ts';
import { staffKeys } from '../../../lib/query-keys.ts';

/** `GET v1/dashboard?range=…` (orders:view): the dashboard's figures in one call. */
export function getDashboard(range: DashboardRange, signal?: AbortSignal): Promise<Dashboard> {
  return api<Dashboard>(`v1/dashboard?range=${range}`, { signal });
}

export function dashboardQueryOptions(range: DashboardRange) {
  return queryOptions({
    queryKey: staffKeys.dashboard(range),
    queryFn: ({ signal }) => getDashboard(range, signal),
    // Switching ranges keeps the previous figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    // Today's figures move as orders are paid.
    staleTime: 30_000,
  });
}

export function useDashboard(range: DashboardRange) {
  return useQuery(dashboardQueryOptions(range));
}
