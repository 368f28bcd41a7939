import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StockAlertList } from '@bookshop/contracts/stock-alerts';
import { api } from '../../../lib/api-client.ts';
import { stockAlertKeys } from '../../../lib/query-keys.ts';

/** `GET v1/stock-alerts`: the signed-in customer's waiting alerts, newest first. */
export function getStockAlerts(signal?: AbortSignal): Promise<StockAlertList> {
  return api<StockAlertList>('v1/stock-alerts', { signal });
}

export function stockAlertsQueryOptions() {
  return queryOptions({ queryKey: stockAlertKeys.list, queryFn: ({ signal }) => getStockAlerts(signal) });
}

/** Only for a signed-in customer, and only once a sold-out book's button asks (`enabled`). */
export function useStockAlerts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...stockAlertsQueryOptions(), enabled });
}
