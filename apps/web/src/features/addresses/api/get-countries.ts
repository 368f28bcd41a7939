import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Country } from '@bookshop/contracts/catalogue';
import { api } from '../../../lib/api-client.ts';
import { countryKeys } from '../../../lib/query-keys.ts';

/** `GET v1/countries`: ISO 3166 codes and names, sorted by name. */
export function getCountries(signal?: AbortSignal): Promise<Country[]> {
  return api<Country[]>('v1/countries', { signal });
}

export function countriesQueryOptions() {
  // The list of countries does not change while the shop runs.
  return queryOptions({
    queryKey: countryKeys.all,
    queryFn: ({ signal }) => getCountries(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
