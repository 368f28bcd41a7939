import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Address, AddressPage } from '@bookshop/contracts/addresses';
import { MAX_PAGE_SIZE } from '@bookshop/contracts/constants';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { addressKeys } from '../../../lib/query-keys.ts';

// Type-only imports from contracts/addresses here: its schemas bring the phone-number metadata,
// which only the address form page should load.

/** `GET v1/customers-addresses`: main first, then newest. At most 20 exist, so one page holds them all. */
export async function getAddresses(signal?: AbortSignal): Promise<Address[]> {
  const page = await api<AddressPage>(
    `v1/customers-addresses${toQueryString({ pageNo: 1, pageSize: MAX_PAGE_SIZE })}`,
    { signal },
  );
  return page.data;
}

export function addressesQueryOptions() {
  return queryOptions({ queryKey: addressKeys.list, queryFn: ({ signal }) => getAddresses(signal) });
}

export function useAddresses() {
  return useQuery(addressesQueryOptions());
}

/** Puts a saved address into the cached list (appended when new) and keeps one main address. */
export function storeAddress(queryClient: QueryClient, saved: Address) {
  queryClient.setQueryData(addressKeys.detail(saved.id), saved);
  queryClient.setQueryData<Address[]>(addressKeys.list, (list) => {
    if (!list) return list;
    const others = list.map((address) => (saved.isMain ? { ...address, isMain: false } : address));
    return others.some((address) => address.id === saved.id)
      ? others.map((address) => (address.id === saved.id ? saved : address))
      : [...others, saved];
  });
}
