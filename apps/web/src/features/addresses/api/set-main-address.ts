import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address } from '@bookshop/contracts/addresses';
import { api } from '../../../lib/api-client.ts';
import { addressKeys } from '../../../lib/query-keys.ts';

/** `PATCH v1/customers-addresses/{id}/main-address`. */
export function setMainAddress(id: number): Promise<Address> {
  return api<Address>(`v1/customers-addresses/${id}/main-address`, { method: 'PATCH' });
}

/**
 * Spec section 4: optimistic: the chosen address becomes main and every other one stops being
 * main at once; an error puts the list back; either way the list is then refetched.
 */
export function useSetMainAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMainAddress,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: addressKeys.list });
      const previous = queryClient.getQueryData<Address[]>(addressKeys.list);
      queryClient.setQueryData<Address[]>(addressKeys.list, (list) =>
        list?.map((address) => ({ ...address, isMain: address.id === id })),
      );
      // Single addresses cached for the edit form follow too; the refetch below corrects any guess.
      queryClient.setQueriesData<Address>({ queryKey: addressKeys.details }, (address) =>
        address ? { ...address, isMain: address.id === id } : address,
      );
      return { previous };
    },
    onError: (_error, _id, context) => {
      queryClient.setQueryData(addressKeys.list, context?.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
