import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Carrier } from '@bookshop/contracts/fulfilment';
import { api } from '../../../lib/api-client.ts';
import { carrierKeys } from '../../../lib/query-keys.ts';

/** `GET v1/carriers`: the couriers staff ship with. */
export function getCarriers(signal?: AbortSignal): Promise<Carrier[]> {
  return api<Carrier[]>('v1/carriers', { signal });
}

export const carriersQueryOptions = () =>
  queryOptions({ queryKey: carrierKeys.all, queryFn: ({ signal }) => getCarriers(signal), staleTime: Infinity });

export const useCarriers = () => useQuery(carriersQueryOptions());
