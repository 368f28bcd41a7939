import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffOrderKeys } from '../../../lib/query-keys.ts';

/** `GET v1/orders/to-ship-count` (orders:view): paid orders with copies still to ship. */
export function getToShipCount(signal?: AbortSignal): Promise<{ toShip: number }> {
  return api<{ toShip: number }>('v1/orders/to-ship-count', { signal });
}

export const toShipCountQueryOptions = () =>
  queryOptions({ queryKey: staffOrderKeys.toShip(), queryFn: ({ signal }) => getToShipCount(signal) });

export const useToShipCount = () => useQuery(toShipCountQueryOptions());
