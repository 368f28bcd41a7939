import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address } from '@bookshop/contracts/addresses';
import { api } from '../../../lib/api-client.ts';
import { addressKeys } from '../../../lib/query-keys.ts';

/** `GET v1/customers-addresses/{id}`. */
export function getAddress(id: number, signal?: AbortSignal): Promise<Address> {
  return api<Address>(`v1/customers-addresses/${id}`, { signal });
}

export function addressQueryOptions(id: number) {
  return queryOptions({
    queryKey: addressKeys.detail(id),
    queryFn: ({ signal }) => getAddress(id, signal),
    // The page shows 'not found' itself.
    meta: { errorToast: false },
  });
}

/** One address; starts from the cached list when the customer came from it. */
export function useAddress(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    ...addressQueryOptions(id),
    initialData: () => queryClient.getQueryData<Address[]>(addressKeys.list)?.find((address) => address.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(addressKeys.list)?.dataUpdatedAt,
  });
}
