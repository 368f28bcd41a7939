import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@bookshop/contracts/pagination';
import type { ReturnQuery, StaffReturn, UpdateReturn } from '@bookshop/contracts/returns';
import { api, toQueryString } from '../../../lib/api-client.ts';
import { staffOrderKeys } from '../../../lib/query-keys.ts';

/** Returns belong to orders: their keys live under the staff orders', so a step refreshes both. */
const returnKeys = {
  all: [...staffOrderKeys.all, 'returns'] as const,
  list: (query: Partial<ReturnQuery>) => [...staffOrderKeys.all, 'returns', query] as const,
};

/** `GET v1/returns` (orders:manage): oldest first. */
export function useStaffReturns(query: Partial<ReturnQuery>) {
  return useQuery({
    queryKey: returnKeys.list(query),
    queryFn: ({ signal }) => api<Page<StaffReturn>>(`v1/returns${toQueryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `PATCH v1/returns/{id}`: approve, reject or receive (decision 080). */
export function useUpdateReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateReturn & { id: number }) =>
      api<StaffReturn>(`v1/returns/${id}`, { method: 'PATCH', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffOrderKeys.all }),
  });
}
